"""Mr. Jack in New York in the client: the Manhattan hex board, its picker and animations.

- :mod:`.texts`: names, powers, places and the plain-word log lines;
- :mod:`.view`: layout, the drawn model (one side's observation), cached art and drawing;
- :mod:`.picker`: a player's activation built from clicks and keys, from ``legal_actions()`` only;
- :mod:`.anim`: walked paths (subway hops, ferry crossings) and the tweens;
- :mod:`.rules`: the rule pages with their pictures.
"""
