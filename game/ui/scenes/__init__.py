"""The client's scenes, one module each, pushed on the app's SceneStack as instances.

Importing this package imports every scene module once; each registers its
class by name (:func:`game.ui.scene.register`), and scenes ask the stack for
one another by that name (:meth:`game.ui.scene.SceneStack.make`) instead of
importing each other.
"""

from . import (  # noqa: F401 - imported for their registration
    about,
    analysis,
    confirm,
    game,
    handover,
    leaderboard,
    online_confirm,
    online_connect,
    online_identity,
    online_lobby,
    online_reconnect,
    online_results,
    online_room,
    pause,
    profile,
    quick_match,
    replay,
    results,
    rules,
    saves,
    settings,
    setup,
    title,
)
