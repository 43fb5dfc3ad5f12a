#!/usr/bin/env python3
"""GrowthBook's gbstats answers for the cases of a JSON-lines file, one JSON line each, for the Statistics tests.

A case is {"id", "kind": "mean" | "proportion", "test": "frequentist" | "sequential" | "bayesian",
"difference": "relative" | "absolute", "a": control, "b": treatment}, each variation {"n", "sum", "sum_squares"}
(no sum_squares for proportions); a sequential case may give "tuning". It prints {"id", "expected", "ci", "se",
"p_value"} (frequentist and sequential) or {"id", "expected", "ci", "sd", "chance_to_win", "risk"} (bayesian).
A sample ratio case {"id", "srm": {"users", "weights"}} prints {"id", "p_value"} from gbstats' check_srm and, when
every weight is positive, "scipy" from scipy.stats.chisquare. A distribution case {"id", "distribution": "norm" |
"t" | "chi2", "function": "cdf" | "sf" | "ppf", "x", "dof"} prints {"id", "value"} from scipy.stats.
Non-finite numbers print as strings.
Usage: gbstats-check.py CASES.jsonl
"""
import json
import math
import sys

from gbstats.bayesian.tests import EffectBayesianABTest, EffectBayesianConfig
from gbstats.frequentist.tests import (
    FrequentistConfig,
    SequentialConfig,
    SequentialTwoSidedTTest,
    TwoSidedTTest,
)
from gbstats.models.statistics import ProportionStatistic, SampleMeanStatistic
from gbstats.utils import check_srm
from scipy.stats import chi2, chisquare, norm, t


def number(value):
    value = float(value)
    return value if math.isfinite(value) else str(value)


def statistic(kind, values):
    if kind == "proportion":
        return ProportionStatistic(n=values["n"], sum=values["sum"])
    return SampleMeanStatistic(n=values["n"], sum=values["sum"], sum_squares=values["sum_squares"])


def answer(case):
    if "distribution" in case:
        distribution = {"norm": norm, "t": t, "chi2": chi2}[case["distribution"]]
        function = getattr(distribution, case["function"])
        arguments = [case["x"]] + ([case["dof"]] if case["distribution"] != "norm" else [])
        return {"id": case["id"], "value": number(function(*arguments))}
    if "srm" in case:
        users, weights = case["srm"]["users"], case["srm"]["weights"]
        out = {"id": case["id"], "p_value": number(check_srm(users, weights))}
        if all(w > 0 for w in weights) and sum(users) > 0:
            total_weight, total = sum(weights), sum(users)
            expected = [w / total_weight * total for w in weights]
            out["scipy"] = number(chisquare(users, expected, sum_check=False).pvalue)
        return out
    a, b = statistic(case["kind"], case["a"]), statistic(case["kind"], case["b"])
    difference = case["difference"]
    if case["test"] == "bayesian":
        result = EffectBayesianABTest(a, b, EffectBayesianConfig(difference_type=difference)).compute_result()
        return {
            "id": case["id"],
            "expected": number(result.expected),
            "ci": [number(v) for v in result.ci],
            "sd": number(result.uplift.stddev),
            "chance_to_win": number(result.chance_to_win),
            "risk": [number(v) for v in result.risk],
        }
    if case["test"] == "sequential":
        config = SequentialConfig(difference_type=difference, sequential_tuning_parameter=case.get("tuning", 5000))
        result = SequentialTwoSidedTTest(a, b, config).compute_result()
    else:
        result = TwoSidedTTest(a, b, FrequentistConfig(difference_type=difference)).compute_result()
    return {
        "id": case["id"],
        "expected": number(result.expected),
        "ci": [number(v) for v in result.ci],
        "se": number(result.uplift.stddev),
        "p_value": number(result.p_value),
    }


def main():
    with open(sys.argv[1]) as cases:
        for line in cases:
            if line.strip():
                print(json.dumps(answer(json.loads(line))))


if __name__ == "__main__":
    main()
