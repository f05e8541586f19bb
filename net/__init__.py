"""Network play: a lobby and relay server, fair play between two peers, clients.

Layers (see ``net/PROTOCOL.md``):

- :mod:`net.framing`: a msgpack stream protocol with hard limits;
- :mod:`net.messages`: message types, their validation and the error codes;
- :mod:`net.lobby`: rooms, the ordered log, spectators, reconnect tokens;
- :mod:`net.server`: the factory, the ``Service`` and ``run.py server``;
- :mod:`net.games`: what differs between Pocket, London and New York (a spec per game);
- :mod:`net.fairplay`: commit-reveal chance, the SRA deck, the audit (pure);
- :mod:`net.session`: one peer's lockstep game (pure, no transport);
- :mod:`net.client`: the Twisted client and the API the game UI calls;
- :mod:`net.discovery`: LAN discovery by UDP;
- :mod:`net.autoplay`: ``run.py autoplay``, a headless network player.

Nothing here imports the global reactor at module level: callers pass it in.
"""
