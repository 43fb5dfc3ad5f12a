#!/usr/bin/env python3
"""The PyICU side of scripts/bench-render.sh: formats the lines of a paywall the Swift renderer produced.

Reads the plans `TollgateBenchmarks render --plan FILE` wrote (one per locale: each product's variables as
raw values, each line's template, the lines Swift rendered). Per locale it opens the formatters and parses
every template once (outside the timed loop, as the Swift side keeps LocaleFormats open and parses
templates at load), then times a render: each value a product's lines use, formatted in the locale
(currency amounts, their symbol isolated in right-to-left locales as the renderer does, unit names with
the plural rule deciding whether a count of one is written, durations, percentages, lists), and every
line assembled by MessageFormat from its parsed template.
Which lines appear and the raw numbers (savings, whole intro periods) come from the plan, untimed.

Prints per locale: locale=… pyicu_us=… renders=… lines=… same=… calls=… number=… plural=… list=…
message=… (pyicu_us: the mean of the fastest of twenty batches of SECONDS/20; same: lines equal to Swift's;
calls: formatter calls per render, by kind after it). Mismatching lines go to stderr.

usage: bench-render-pyicu.py PLAN [--seconds S] [--renders N] [--babel]
  --renders N   render once, then N times more, untimed (for counting instructions under valgrind)
  --babel       use Babel instead of PyICU (Babel has no MessageFormat: templates may hold only {name}
                arguments, assembled by string joins; its CLDR data differs, so lines may not match)
"""
import argparse
import collections
import json
import re
import sys
import time
from decimal import Decimal


class ICUFormats:
    """A locale's PyICU formatters, opened once; each method is one formatted string."""

    def __init__(self, tag, currency, right_to_left):
        import icu
        self.icu = icu
        self.right_to_left = right_to_left
        self.locale = icu.Locale.forLanguageTag(tag)
        skeleton = lambda text: icu.NumberFormatter.forSkeleton(text).locale(self.locale)
        self.amount = skeleton("currency/" + currency)
        self.percentage = skeleton("percent")
        self.units = {unit: skeleton(f"measure-unit/duration-{unit} unit-width-full-name")
                      for unit in ("year", "month", "week", "day")}
        self.plural = icu.PluralRules.forLocale(self.locale)
        self.lists = icu.ListFormatter.createInstance(self.locale, icu.UListFormatterType.AND,
                                                      icu.UListFormatterWidth.WIDE)

    def price(self, amount):
        """The amount; in right-to-left locales its currency symbol between U+2066 and U+2069."""
        if not self.right_to_left:
            return self.amount.formatDecimal(amount.encode())
        value = self.amount.formatDecimalToValue(amount.encode())
        text = str(value)
        position = self.field(self.icu.UNumberFormatFields.CURRENCY_FIELD)
        if value.nextPosition(position):
            start, end = position.getStart(), position.getLimit()
            text = text[:start] + "\u2066" + text[start:end] + "\u2069" + text[end:]
        return text

    def field(self, kind):
        """A position that finds the first number field of `kind`."""
        position = self.icu.ConstrainedFieldPosition()
        position.constrainField(self.icu.UFieldCategory.NUMBER, kind)
        return position

    def percent(self, count):
        return self.percentage.formatInt(count)

    def duration(self, unit, count):
        return self.units[unit].formatInt(count)

    def period(self, unit, count):
        """The unit name alone ("month") where 1 has a singular form, else with its count ("1개월")."""
        value = self.units[unit].formatIntToValue(count)
        text = str(value)
        if count == 1 and self.plural.select(1) == "one":
            position = self.field(self.icu.UNumberFormatFields.INTEGER_FIELD)
            if value.nextPosition(position):
                start, end = position.getStart(), position.getLimit()
                while start > 0 and text[start - 1].isspace():
                    start -= 1
                while end < len(text) and text[end].isspace():
                    end += 1
                text = text[:start] + text[end:]
        return text

    def list(self, items):
        return self.lists.format(items)

    def message(self, template, names):
        """A function of a values dict that fills `template`, parsed here once."""
        pattern = self.icu.MessageFormat(template, self.locale)
        wrap = self.icu.Formattable
        return lambda values: pattern.format(names, [wrap(values[name]) for name in names])


class BabelFormats:
    """The same formats from Babel's CLDR data, for when PyICU will not install."""

    def __init__(self, tag, currency, right_to_left):
        import babel
        from babel import lists, numbers, units
        self.numbers, self.units, self.lists = numbers, units, lists
        self.locale = babel.Locale.parse(tag, sep="-")
        self.currency = currency
        self.symbol = numbers.get_currency_symbol(currency, locale=self.locale) if right_to_left else None

    def price(self, amount):
        text = self.numbers.format_currency(Decimal(amount), self.currency, locale=self.locale)
        return text.replace(self.symbol, "\u2066" + self.symbol + "\u2069", 1) if self.symbol else text

    def percent(self, count):
        return self.numbers.format_percent(Decimal(count) / 100, locale=self.locale)

    def duration(self, unit, count):
        return self.units.format_unit(count, "duration-" + unit, length="long", locale=self.locale)

    def period(self, unit, count):
        text = self.duration(unit, count)
        if count == 1 and self.locale.plural_form(1) == "one":
            number = self.numbers.format_decimal(count, locale=self.locale)
            text = " ".join(text.replace(number, "", 1).split())
        return text

    def list(self, items):
        return self.lists.format_list(items, locale=self.locale)

    def message(self, template, names):
        pieces = re.split(r"\{(\w+)\}", template)
        if any("{" in piece or "}" in piece for piece in pieces[::2]):
            sys.exit(f"--babel: only plain {{name}} arguments are supported: {template!r}")
        literals = [piece.replace("''", "'") for piece in pieces[::2]]
        arguments = pieces[1::2]
        return lambda values: "".join(
            literal + (str(values[argument]) if index < len(arguments) else "")
            for index, (literal, argument) in enumerate(zip(literals, arguments + [None])))


def compile_value(value, formats):
    """(constant, None) for a value shown as is, else (None, function) formatting it; and its calls by kind."""
    kind, calls = value["kind"], collections.Counter()
    if kind in ("text", "number"):
        return (value.get("text", value.get("count")), None), calls
    if kind == "price":
        calls["number"] += 1
        return (None, lambda amount=value["amount"]: formats.price(amount)), calls
    if kind == "percent":
        calls["number"] += 1
        return (None, lambda count=value["count"]: formats.percent(count)), calls
    if kind == "duration":
        calls["number"] += 1
        return (None, lambda unit=value["unit"], count=value["count"]: formats.duration(unit, count)), calls
    if kind == "period":
        calls.update(number=1, plural=1 if value["count"] == 1 else 0)
        return (None, lambda unit=value["unit"], count=value["count"]: formats.period(unit, count)), calls
    if kind == "list":
        items = value["items"]
        if len(items) < 2:
            return ("".join(items), None), calls
        calls["list"] += 1
        return (None, lambda: formats.list(items)), calls
    if kind == "message":
        names = sorted(value["values"])
        fill, calls = compile_values(value["values"], names, formats)
        message = formats.message(value["template"], names)
        calls["message"] += 1
        return (None, lambda: message(fill())), calls
    sys.exit(f"unknown value kind {kind!r}")


def compile_values(values, needed, formats):
    """A function returning the `needed` variables of one product, formatted; and its calls by kind."""
    constants, functions, calls = {}, [], collections.Counter()
    for name in needed:
        (constant, function), count = compile_value(values[name], formats)
        calls += count
        if function is None:
            constants[name] = constant
        else:
            functions.append((name, function))

    def fill():
        result = dict(constants)
        for name, function in functions:
            result[name] = function()
        return result
    return fill, calls


def compile_plan(plan, formats):
    """A render function for one locale's plan (formatters open, templates parsed), and its calls by kind."""
    needed = [set() for _ in plan["products"]]
    for line in plan["lines"]:
        if "product" in line:
            needed[line["product"]].update(line["variables"])
    products, calls = [], collections.Counter()
    for values, names in zip(plan["products"], needed):
        fill, count = compile_values(values, sorted(names), formats)
        products.append(fill)
        calls += count
    lines = [(formats.message(line["template"], line["variables"]), line.get("product")) for line in plan["lines"]]
    calls["message"] += len(lines)
    empty = {}

    def render():
        values = [fill() for fill in products]
        return [message(empty if product is None else values[product]) for message, product in lines]
    return render, calls


# Batches per measurement, as on the Swift side (RenderBenchmark.batches).
BATCHES = 20


def measure(render, seconds):
    """Mean seconds per call in the fastest of BATCHES batches of seconds/BATCHES, and the number of calls."""
    best, total = float("inf"), 0
    for _ in range(BATCHES):
        count, start = 0, time.perf_counter()
        deadline = start + seconds / BATCHES
        while True:
            render()
            count += 1
            now = time.perf_counter()
            if now >= deadline:
                break
        best, total = min(best, (now - start) / count), total + count
    return best, total


def main():
    parser = argparse.ArgumentParser(description="PyICU side of scripts/bench-render.sh")
    parser.add_argument("plan")
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--renders", type=int)
    parser.add_argument("--babel", action="store_true")
    arguments = parser.parse_args()
    with open(arguments.plan, encoding="utf-8") as file:
        plans = json.load(file)
    for plan in plans:
        formats = (BabelFormats if arguments.babel else ICUFormats)(plan["locale"], plan["currency"],
                                                                    plan["rightToLeft"])
        render, calls = compile_plan(plan, formats)
        kinds = " ".join(f"{kind}={calls[kind]}" for kind in ("number", "plural", "list", "message"))
        if arguments.renders is not None:
            for _ in range(arguments.renders + 1):
                render()
            print(f"locale={plan['locale']} renders={arguments.renders} calls={sum(calls.values())} {kinds}")
            continue
        lines = render()
        same = sum(ours == theirs for ours, theirs in zip(lines, plan["expected"]))
        for ours, theirs in [(o, t) for o, t in zip(lines, plan["expected"]) if o != t][:3]:
            print(f"{plan['locale']}: swift {theirs!r}\n{' ' * len(plan['locale'])}  python {ours!r}", file=sys.stderr)
        seconds, renders = measure(render, arguments.seconds)
        print(f"locale={plan['locale']} pyicu_us={seconds * 1e6:.2f} renders={renders} lines={len(lines)} "
              f"same={same} calls={sum(calls.values())} {kinds}")


if __name__ == "__main__":
    main()
