"""Pages made when the site is built (MkDocs' gen-files plugin): the schema reference."""

from __future__ import annotations

import sys
from pathlib import Path

import mkdocs_gen_files

sys.path.insert(0, str(Path(__file__).resolve().parent))
from schema_reference import PAGES, page

for name in PAGES:
    with mkdocs_gen_files.open(f"format/schema-{name}.md", "w") as out:
        out.write(page(name))
    mkdocs_gen_files.set_edit_path(f"format/schema-{name}.md", f"../schemas/{name}.schema.json")
