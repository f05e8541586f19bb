"""Online play in the client: the network context, the game scene's driver, a text field.

- :mod:`.service`: :class:`~.service.Online`, one visit to the online
  screens: the player's name, the lobby connection, a lobby hosted in
  this process for LAN play (:class:`net.server.RelayService` on the app's
  reactor), LAN discovery;
- :mod:`.driver`: :class:`~.driver.NetDriver`, one seat (or a spectator)
  in a networked game; the game scene asks it for the other side's steps
  and gives it the player's moves;
- :mod:`.fields`: :class:`~.fields.TextField`, a one-line text input.

The scenes are ``game/ui/scenes/online_*.py``.  Everything runs on the
app's reactor (:attr:`game.ui.app.App.reactor`), the one that drives the
frames, so the network never needs a thread.
"""
