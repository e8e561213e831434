#!/usr/bin/env bash
# Ten forks of one run change the same custom access list (one that does not exist yet, and one that does) and
# the same referrer list at once, inside the controller and then as module processes: every entry stays, one
# list is created, every host is ok.
set -eux
export ANSIBLE_ROLES_PATH=..
for in_process in true false; do
    ansible-playbook forks.yml -i inventory.ini --forks 10 -e @../../integration_config.yml \
        -e "edge_platform_in_process=${in_process}" "$@"
done
