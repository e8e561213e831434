# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""Sphinx configuration of the collection's documentation site (scripts/docs.sh, make docs).

As `antsibull-docs sphinx-init` writes it, but offline (no intersphinx inventories) and with MyST,
which renders the Markdown guides of docs/ (guides.py puts them in place of their extra docs pages).
"""

from __future__ import annotations

import typing as t

project = 'edge.platform'
copyright = 'edge.platform contributors'  # noqa: A001 - Sphinx's name
title = 'Edge Platform Collection'
html_short_title = 'Edge Platform Collection'

extensions = ['sphinx.ext.autodoc', 'sphinx_antsibull_ext', 'myst_parser']

pygments_style = 'ansible'
highlight_language = 'YAML+Jinja'

html_theme = 'sphinx_ansible_theme'
html_show_sphinx = False
display_version = False
html_use_smartypants = True
html_use_modindex = False
html_use_index = False
html_copy_source = False

default_role = 'any'
nitpicky = True

# The guides (Markdown, put in place of their extra docs pages by guides.py) link to each other's headings.
myst_heading_anchors = 3

# The pages antsibull-docs writes refer to a few pages of Ansible's documentation by label; offline there is
# no inventory to resolve them, so they are linked directly.
ANSIBLE_DOCS = 'https://docs.ansible.com/projects/ansible/devel/'
ANSIBLE_LABELS = {
    'action_plugins': 'plugins/action.html',
    'common_return_values': 'reference_appendices/common_return_values.html',
    'ansible_configuration_settings': 'reference_appendices/config.html',
}


def ansible_docs_link(app: t.Any, env: t.Any, node: t.Any, contnode: t.Any) -> t.Any:
    """A reference to one of ANSIBLE_LABELS as a link to that page."""
    from docutils import nodes

    page = ANSIBLE_LABELS.get(node.get('reftarget', ''))
    if node.get('refdomain') != 'std' or page is None:
        return None
    return nodes.reference('', '', contnode, internal=False, refuri=ANSIBLE_DOCS + page)


def setup(app: t.Any) -> None:
    app.connect('missing-reference', ansible_docs_link)
