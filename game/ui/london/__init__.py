"""Mr. Jack (London) in the client: the Whitechapel hex board, its picker and animations.

- :mod:`.texts`: names, powers and the plain-word log lines;
- :mod:`.view`: layout, the drawn model (one side's observation), cached art and drawing;
- :mod:`.picker`: a player's activation built from clicks and keys, from ``legal_actions()`` only;
- :mod:`.anim`: walked paths (a breadth-first search over the engine's board) and the tweens.
"""
