"""The pygame-ce client: a scene stack that reads engine state and sends actions."""
