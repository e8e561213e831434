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
            "The hostname's certificate. Unset, the certificate is left as it is.",
            'V(free) has the service issue a free certificate for the hostname when it has none (C(HasCertificate) '
            'is false). A hostname that has a certificate keeps it, whether the service issued it or it was '
            'uploaded; nothing is sent. To go from a custom certificate to a free one, remove it (V(none)), then ask '
            'for V(free).',
            "The service issues a free certificate only when the hostname's DNS points at the pull zone (its CNAME "
            "is the pull zone's C(CnameDomain)); otherwise the request fails with the service's answer, after the "
            'hostname was added.',
            'V(custom) uploads O(custom_certificate) with its key O(custom_certificate_key), unless the hostname '
            'already serves that certificate - the same leaf, compared by the SHA-256 fingerprint of its DER, as the '
            'service returns it (the key is never read back or compared). A different certificate (a renewed one) '
            'replaces the one the hostname has; that is how a certificate is rotated.',
            'V(none) removes the certificate the hostname has, free or custom.',
            'A value that is not one of these is refused without being shown, so that a key given here by mistake '
            'stays secret.',
        ),
        choices=('free', 'custom', 'none'),
    ),
    Option(
        'custom_certificate',
        'str',
        (
            "The certificate for O(certificate=custom), as PEM text - the leaf (the hostname's certificate) first, "
            'then its chain (the intermediate certificates), such as the content of a C(fullchain.pem) file.',
            'Refused before any request when it is not PEM that parses, holds a private key, has expired, or does '
            'not cover O(hostname) as TLS clients match names - a wildcard C(*.example.com) covers '
            'C(cdn.example.com), but not C(example.com) nor C(img.cdn.example.com); the subject alternative names '
            "count, or the subject's common name when the certificate has none.",
            'Given with O(custom_certificate_key) and O(certificate=custom) only.',
        ),
    ),
    Option(
        'custom_certificate_key',
        'str',
        (
            'The private key of the leaf of O(custom_certificate), as unencrypted PEM text (C(-----BEGIN PRIVATE '
            'KEY-----), or the RSA or EC forms). Keep it in Ansible Vault.',
            'Refused before any request when it does not parse, is encrypted, or does not belong to the leaf (the '
            'message says when it belongs to another certificate of the file, which would then be in the wrong '
            'order).',
            'Never shown, in output, diff, warnings, logs or an error message - also when it is given to another '
            'option by mistake.',
            'Given with O(custom_certificate) and O(certificate=custom) only.',
        ),
        secret=True,
    ),
)
