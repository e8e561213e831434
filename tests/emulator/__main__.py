# Copyright (c) edge.platform contributors
# GNU General Public License v3.0+ (see LICENSES/GPL-3.0-or-later.txt or https://www.gnu.org/licenses/gpl-3.0.txt)
# SPDX-License-Identifier: GPL-3.0-or-later
"""``python -m tests.emulator [--host 127.0.0.1] [--api-key KEY] [--seed N] [--env-file PATH]``.

Prints one JSON line with the base addresses and the API key once every port listens,
then serves until SIGTERM. With ``--env-file``, PATH holds them as the EDGE_* variables to
source (mode 0600) while it serves (``make emulator`` writes ``.emulator.env``).
"""

from __future__ import annotations

import argparse
import pathlib

from .server import run

MIN_SCALE = 6


def scale(value: str) -> int:
    number = int(value)
    if number < MIN_SCALE:
        raise argparse.ArgumentTypeError(f'--seed must be at least {MIN_SCALE}, got {number}')
    return number


def main() -> None:
    parser = argparse.ArgumentParser(prog='python -m tests.emulator', description='Edge Platform API emulator')
    parser.add_argument('--host', default='127.0.0.1', help='address to listen on (default 127.0.0.1)')
    parser.add_argument('--api-key', help='the account API key (default: a random one, printed on start)')
    parser.add_argument(
        '--seed', type=scale, default=12, help='scale of the generated data: number of pull zones (default 12)'
    )
    parser.add_argument(
        '--env-file',
        type=pathlib.Path,
        help='write the EDGE_* variables of the printed line to this file (mode 0600) to source; removed on stop',
    )
    args = parser.parse_args()
    run(host=args.host, api_key=args.api_key, scale=args.seed, env_file=args.env_file)


if __name__ == '__main__':
    main()
