# -*- coding: utf-8 -*-
# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later

"""The options of ``pullzone_hostname``: a hostname of a pull zone (HostnameModel), its Force SSL and certificate."""

from __future__ import annotations

from ansible_collections.edge.platform.plugins.module_utils._options import Option, Table
from ansible_collections.edge.platform.plugins.module_utils._tables.scopes import PULLZONE_SCOPE

TABLE = Table(
    *PULLZONE_SCOPE,
    Option(
        'hostname',
        'str',
        (
            'The hostname, a DNS name as RFC 1123 has it (labels of letters, digits and inner hyphens, 1 to 63 '
            'characters each, 253 in all), such as V(cdn.example.com).',
            'A scheme, a path, a port or a trailing dot (V(https://cdn.example.com), V(cdn.example.com/img), '
            'V(cdn.example.com:443), V(cdn.example.com.)) is refused before any request, naming the hostname to give.',
            'An internationalized name is given in its ASCII form (V(xn--bcher-kva.example)).',
        ),
        required=True,
    ),
    Option(
        'state',
        'str',
        (
            'V(present) adds the hostname when the pull zone does not have it, and sets O(force_ssl) and '
            'O(certificate).',
            'V(absent) removes it. Removing the system hostname of the pull zone is refused.',
        ),
        choices=('present', 'absent'),
        default='present',
    ),
    Option(
        'force_ssl',
        'bool',
        (
            'Whether requests for the hostname over plain HTTP are redirected to HTTPS.',
            "Unset, a new hostname gets the service's default (false) and an existing one keeps its setting.",
            'Set it together with O(certificate=free), or on a hostname that has a certificate, so that the HTTPS it '
            'redirects to works.',
        ),
        api='ForceSSL',
    ),
    Option(
        'certificate',
        'str',
        (
            'V(free) has the service issue a free certificate for the hostname when it has none (C(HasCertificate) '
            'is false). A hostname that has a certificate, free or its own, keeps it; nothing is sent.',
            "The service issues the certificate only when the hostname's DNS points at the pull zone (its CNAME is "
            "the pull zone's C(CnameDomain)); otherwise the request fails with the service's answer, after the "
            'hostname was added.',
            'Unset, the certificate of the hostname is left as it is.',
        ),
        choices=('free',),
        api='HasCertificate',
    ),
)
