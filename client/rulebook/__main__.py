"""``python -m client.rulebook FILE|--all``: see client/rulebook/cli.py."""
import os
import sys

from client.rulebook.cli import main

if __name__ == "__main__":
    rc = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(rc)  # skip Mesa teardown; the PNG is closed
