# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Put the guides into the documentation site: python guides.py COLLECTION_DIR DOCSITE_DIR.

Each guide docs/<name>.md replaces its extra docs page DOCSITE_DIR/<name>.rst (a stub that points
to the guide, docs/docsite/rst/<name>.rst) and keeps the page's label, so that the collection's
index links to it; MyST renders it. Links to other files of the repository go to the repository.
Fails when a guide has no extra docs page, or a page no guide.
"""

from __future__ import annotations

import pathlib
import re
import sys

REPOSITORY = 'https://github.com/edge-platform/edge.platform/blob/main/'
REPOSITORY_LINK = re.compile(r'\]\(\.\./([^)]+)\)')


def main() -> int:
    collection, docsite = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    guides = {path.stem: path for path in (collection / 'docs').glob('*.md')}
    pages = {path.stem for path in (collection / 'docs' / 'docsite' / 'rst').glob('*.rst')}
    if guides.keys() != pages:
        print(
            f'guides without an extra docs page: {sorted(guides.keys() - pages)}; '
            f'pages without a guide: {sorted(pages - guides.keys())}',
            file=sys.stderr,
        )
        return 1
    for name, guide in sorted(guides.items()):
        text = REPOSITORY_LINK.sub(lambda match: f']({REPOSITORY}{match.group(1)})', guide.read_text(encoding='utf-8'))
        (docsite / f'{name}.md').write_text(
            f'(ansible_collections.edge.platform.docsite.{name})=\n\n{text}', encoding='utf-8'
        )
        (docsite / f'{name}.rst').unlink()
    return 0


if __name__ == '__main__':
    sys.exit(main())
