"""``python -m leakcall``: the ``leakcall`` command."""

from .cli import main

raise SystemExit(main())
