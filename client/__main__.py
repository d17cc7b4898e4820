"""Entry point: ``python -m client``."""
import sys


def main(argv=None) -> int:
    print("沙场秋点兵 client: the window is not built yet (see issue 3).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
