#!/usr/bin/env bash
# Ten forks of one run add custom WAF rules and a rate limit to one Shield zone at once (each its own rule, and
# the rule and the rate limit every host declares), inside the controller and then as module processes: no rule
# is lost, none is added twice, every host is ok.
set -eux
export ANSIBLE_ROLES_PATH=..
for in_process in true false; do
    ansible-playbook forks.yml -i inventory.ini --forks 10 -e @../../integration_config.yml \
        -e "edge_platform_in_process=${in_process}" "$@"
done
