#!/usr/bin/env python3
"""Mr. Jack: ``python run.py`` opens the game; ``python run.py --help`` lists the tools."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
