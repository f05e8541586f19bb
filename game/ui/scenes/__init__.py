"""The client's scenes, one module each (pushed on the app's SceneStack as instances)."""
