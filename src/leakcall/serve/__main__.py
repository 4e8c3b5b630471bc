"""``python -m leakcall.serve --upstream URL ...``: the same options as ``leakcall serve``."""

from . import main

raise SystemExit(main())
