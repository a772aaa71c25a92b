"""``python -m kok_layouts`` is the ``kok`` command."""

from kok_layouts.cli.main import main

raise SystemExit(main())
