"""Check that per-family snapshot files hold exactly the entries of a single snapshot file.

    git show main:tests/__snapshots__/test_snapshots.ambr > /tmp/old.ambr
    python scripts/snapshot_split_check.py /tmp/old.ambr   # tests/core/__snapshots__/test_snapshots/

Every entry is compared by name and serialized text (syrupy's own reader); the script prints the
counts and every name missing, extra or different, and exits 1 on any difference.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from syrupy.extensions.amber.serializer import AmberDataSerializer

ROOT = Path(__file__).resolve().parents[1]


def entries(path: Path) -> dict[str, str]:
    """Snapshot name -> serialized data, of one amber file."""
    return {s.name: str(s.data) for s in AmberDataSerializer.read_file(str(path))}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", help="the single snapshot file (before the split)")
    ap.add_argument("new", nargs="?", default=str(ROOT / "tests/core/__snapshots__/test_snapshots"),
                    help="the folder of per-family files")
    args = ap.parse_args(argv)
    old = entries(Path(args.old))
    new: dict[str, str] = {}
    for p in sorted(Path(args.new).glob("*.ambr")):
        for name, data in entries(p).items():
            if not name.startswith(f"test_corpus_snapshot[{p.stem}/"):
                print(f"in the wrong file {p.name}: {name}")
                new[name + " (misfiled)"] = data
            else:
                new[name] = data
    missing, extra = sorted(old.keys() - new.keys()), sorted(new.keys() - old.keys())
    changed = sorted(k for k in old.keys() & new.keys() if old[k] != new[k])
    for label, names in (("missing", missing), ("extra", extra), ("different", changed)):
        for n in names:
            print(f"{label}: {n}")
    same = len(old.keys() & new.keys()) - len(changed)
    print(f"{len(old)} entries before, {len(new)} after, {same} identical")
    return 1 if missing or extra or changed else 0


if __name__ == "__main__":
    sys.exit(main())
