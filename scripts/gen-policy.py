#!/usr/bin/env python3
"""Generates a valid Tollgate project of a given size, for benchmarks.

Writes <out>/Policies/<app>.yaml and <out>/Templates/<app>/<locale>.yaml in the shapes of the
examples in Policies/ and Templates/ (the policy and template formats). Standard library only; the output is
a pure function of the arguments (seeded), so the same sizes give the same bytes on every run.

Proportions for N products: tiers ~ N/20 (at least 3, 'free' included, at most 256: the most a
bundle holds, so that every size publishes), chained with 'includes' in
families of up to three; one subscription group per family, a yearly and a monthly level per tier
(highest level first, yearly cheaper per month than monthly); non-consumables grant tiers;
consumables ~ 40% with credits (none below 10 products, where 3 are a two-level group and a
non-consumable); features ~ N/2; ad placements ~ N/50; paywalls ~ N/10 of at most
six products each with a highlight; locales ~ min(30, 2 + N/1000), one template file each with a
title for every tier, feature and product and every paywall's messages.

usage: gen-policy.py --products N --out DIR [--app bench] [--seed 1]
"""

import argparse
import os
import random
import sys

LOCALES = [
    "en", "de", "fr", "es", "ja", "ko", "pt-BR", "it", "ru", "zh-Hans", "zh-Hant", "nl", "sv", "pl",
    "tr", "ar", "da", "fi", "nb", "cs", "hu", "el", "he", "th", "id", "vi", "uk", "ro", "hi", "ms",
]
# Locales whose CLDR plural rules have no 'one' category: their messages avoid plurals altogether.
NO_ONE = {"ja", "ko", "zh-Hans", "zh-Hant", "th", "id", "vi", "ms"}

# A few real words per locale so that the templates hold non-ASCII text where real ones would.
WORDS = {
    "de": ("Jetzt freischalten", "Käufe wiederherstellen", "Nutzungsbedingungen", "Datenschutz"),
    "fr": ("Débloquez tout", "Restaurer les achats", "Conditions d’utilisation", "Confidentialité"),
    "es": ("Desbloquea todo", "Restaurar compras", "Términos de uso", "Privacidad"),
    "ja": ("すべてを解放", "購入を復元", "利用規約", "プライバシーポリシー"),
    "ko": ("모두 잠금 해제", "구매 복원", "이용약관", "개인정보처리방침"),
    "ru": ("Откройте всё", "Восстановить покупки", "Условия использования", "Конфиденциальность"),
    "zh-Hans": ("解锁全部功能", "恢复购买", "使用条款", "隐私政策"),
    "zh-Hant": ("解鎖全部功能", "恢復購買", "使用條款", "隱私權政策"),
    "pl": ("Odblokuj wszystko", "Przywróć zakupy", "Warunki korzystania", "Prywatność"),
    "ar": ("افتح كل المزايا", "استعادة المشتريات", "شروط الاستخدام", "سياسة الخصوصية"),
    "el": ("Ξεκλειδώστε τα πάντα", "Επαναφορά αγορών", "Όροι χρήσης", "Απόρρητο"),
    "he": ("פתחו את הכול", "שחזור רכישות", "תנאי שימוש", "פרטיות"),
    "th": ("ปลดล็อกทั้งหมด", "กู้คืนการซื้อ", "ข้อกำหนดการใช้งาน", "ความเป็นส่วนตัว"),
    "uk": ("Відкрийте все", "Відновити покупки", "Умови використання", "Конфіденційність"),
    "hi": ("सब कुछ अनलॉक करें", "खरीदारी पुनर्स्थापित करें", "उपयोग की शर्तें", "गोपनीयता"),
}
DEFAULT_WORDS = ("Unlock everything", "Restore Purchases", "Terms of Use", "Privacy Policy")

LEVEL_NAMES = ["basic", "plus", "pro"]
# The most tiers a compiled bundle holds.
MAX_TIERS = 256
AREAS = ["editor", "export", "library", "sync", "share", "filters", "stickers", "fonts", "layouts", "effects",
         "audio", "camera", "print", "backup", "themes", "widgets"]
CURRENCIES = ["coins", "gems", "hints", "boosts", "lives", "tokens"]
AD_FORMATS = ["banner", "interstitial", "rewarded"]
# Reference price currencies: code, rate against USD, and whether the currency has minor units.
PRICE_CURRENCIES = [("USD", 1.0, True), ("EUR", 1.0, True), ("GBP", 0.85, True), ("JPY", 150.0, False),
                    ("KRW", 1400.0, False)]


def price_string(usd_cents, rate, minor):
    """A store-like price: x.99 for currencies with cents, round numbers for JPY and KRW."""
    amount = usd_cents * rate / 100.0
    if minor:
        return "%d.99" % max(0, int(amount))
    step = 100 if rate >= 1000 else 10
    return "%d" % max(step, int(round(amount / step)) * step)


def reference_prices(usd_cents):
    return "{ " + ", ".join('%s: "%s"' % (code, price_string(usd_cents, rate, minor))
                            for code, rate, minor in PRICE_CURRENCIES) + " }"


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Project:
    """The generated app: every id and relation, decided before anything is written."""

    def __init__(self, n, app, seed):
        self.rng = random.Random(seed * 1_000_003 + n)
        self.n = n
        self.app = app
        self.prefix = "com.example." + app
        tier_count = min(MAX_TIERS, max(3, round(n / 20)))
        self.locales = LOCALES[:min(30, 2 + n // 1000)]

        # Tiers: 'free', then families of up to three, each including the one below it.
        self.families = []
        nonfree = tier_count - 1
        for start in range(0, nonfree, 3):
            f = len(self.families) + 1
            size = min(3, nonfree - start)
            self.families.append(["s%d-%s" % (f, LEVEL_NAMES[i]) for i in range(size)])
        self.tiers = [t for family in self.families for t in family]
        self.includes = {}
        for family in self.families:
            for i, tier in enumerate(family):
                if i > 0:
                    self.includes[tier] = [family[i - 1]]

        consumables = n * 2 // 5 if n >= 10 else 0
        # Subscriptions for as many tiers as the budget allows (at least one non-consumable stays),
        # the highest tiers of the last families first when it is short (only for tiny N).
        sub_pairs = min(len(self.tiers), max(0, (n - consumables - 1) // 2))
        subscribed = set(self.tiers[len(self.tiers) - sub_pairs:])
        non_consumables = n - consumables - 2 * sub_pairs

        self.products = []   # dicts in file order
        self.groups = []     # (id, title, [level product ids], family)
        for f, family in enumerate(self.families, start=1):
            levels = []
            for rank, tier in reversed(list(enumerate(family))):
                if tier not in subscribed:
                    continue
                monthly_cents = 499 * (2 ** rank) + 100 * (f % 5)
                yearly_cents = monthly_cents * 7
                trial = rank == len(family) - 1
                for period, cents, word in (("P1Y", yearly_cents, "yearly"), ("P1M", monthly_cents, "monthly")):
                    pid = "%s.%s.%s" % (self.prefix, tier, word)
                    self.products.append(dict(
                        id=pid, type="auto-renewable", group="s%d" % f, period=period, grants=[tier],
                        name="%s %s" % (self.tier_title(tier), word.capitalize()), cents=cents,
                        trial=trial and period == "P1Y"))
                    levels.append(pid)
            if levels:
                self.groups.append(("s%d" % f, "%s Membership %d" % (app.capitalize(), f), levels, family))
        for k in range(non_consumables):
            tier = self.tiers[k % len(self.tiers)]
            suffix = "lifetime" if k < len(self.tiers) else "pack-%d" % (k // len(self.tiers))
            self.products.append(dict(
                id="%s.%s.%s" % (self.prefix, tier, suffix), type="non-consumable", grants=[tier],
                name="%s %s" % (self.tier_title(tier), suffix.replace("-", " ").capitalize()),
                cents=1999 + 1000 * (k % 7)))
        for k in range(consumables):
            currency = CURRENCIES[k % len(CURRENCIES)]
            amount = 10 * (k // len(CURRENCIES) + 1)
            self.products.append(dict(
                id="%s.%s.%d" % (self.prefix, currency, amount), type="consumable", currency=currency,
                amount=amount, name="%d %s" % (amount, currency.capitalize()), cents=99 + amount * 5))
        self.by_id = {p["id"]: p for p in self.products}

        all_tiers = ["free"] + self.tiers
        self.features = []
        for k in range(max(4, n // 2)):
            area = AREAS[k % len(AREAS)]
            tier = all_tiers[k] if k < len(all_tiers) else self.rng.choice(all_tiers)
            self.features.append(("%s.tool-%d" % (area, k), "%s tool %d" % (area.capitalize(), k), tier))

        self.placements = []
        for k in range(max(2, n // 50)):
            kind = AD_FORMATS[k % 3]
            self.placements.append(("%s.screen-%d" % (kind, k), kind))

        self.paywalls = []   # (id, [product ids], highlight)
        nc_ids = [p["id"] for p in self.products if p["type"] == "non-consumable"]
        c_ids = [p["id"] for p in self.products if p["type"] == "consumable"]
        for k in range(max(1, n // 10)):
            shown = []
            if self.groups:
                levels = self.groups[k % len(self.groups)][2]
                shown += levels[:4]
            shown.append(nc_ids[k % len(nc_ids)])
            if c_ids:
                shown.append(c_ids[k % len(c_ids)])
            self.paywalls.append(("main" if k == 0 else "offer-%d" % k, shown, shown[0]))

    @staticmethod
    def tier_title(tier):
        family, level = tier.split("-", 1)
        return "%s %s" % (level.capitalize(), family.upper())

    # -- policy ---------------------------------------------------------------------------------

    def policy(self):
        out = []
        w = out.append
        w("# yaml-language-server: $schema=../schema/policy.schema.json")
        w("# Generated by scripts/gen-policy.py --products %d: a benchmark input, not an example." % self.n)
        w("format: tollgate/v1")
        w("app:")
        w("  id: %s" % self.app)
        w("  name: %s" % self.app.capitalize())
        w("  bundle_id: %s" % self.prefix)
        w("  package_name: %s" % self.prefix)
        w("  default_locale: en")
        w("  locales: [%s]" % ", ".join(self.locales))
        w("  legal:")
        w("    terms_url: https://example.com/%s/terms" % self.app)
        w("    privacy_url: https://example.com/%s/privacy" % self.app)
        w("")
        w("tiers:")
        w("  free: { title: Free }")
        for tier in self.tiers:
            parts = ["title: %s" % self.tier_title(tier)]
            if tier not in self.includes:
                parts.append("ad_free: true")
            else:
                parts.append("includes: [%s]" % ", ".join(self.includes[tier]))
            w("  %s: { %s }" % (tier, ", ".join(parts)))
        w("")
        w("products:")
        for p in self.products:
            w("  - id: %s" % p["id"])
            w("    type: %s" % p["type"])
            if p["type"] == "auto-renewable":
                w("    group: %s" % p["group"])
                w("    period: %s" % p["period"])
            if "grants" in p:
                w("    grants: [%s]" % ", ".join(p["grants"]))
            w("    reference_name: %s" % p["name"])
            if p.get("trial"):
                w("    intro_offer: { type: free-trial, period: P1W }")
            if p["type"] == "consumable":
                w("    credits: { currency: %s, amount: %d }" % (p["currency"], p["amount"]))
            w("    reference_prices: %s" % reference_prices(p["cents"]))
        w("")
        if self.groups:
            w("subscription_groups:")
            for gid, title, levels, _ in self.groups:
                w("  %s:" % gid)
                w("    title: %s" % title)
                w("    levels:                         # highest first")
                for level in levels:
                    w("      - %s" % level)
            w("")
        w("features:")
        for fid, title, tier in self.features:
            w("  %s: { title: %s, tier: %s }" % (fid, title, tier))
        w("")
        w("entitlements:")
        for line in ("active: grant", "grace_period: grant", "billing_retry: deny", "expired: deny",
                     "revoked: deny", "pending: deny", "unknown: deny"):
            w("  " + line)
        w("")
        w("ads:")
        w("  hide_until_synced: true")
        w("  require_consent: true")
        w("  placements:")
        for pid, kind in self.placements:
            extra = ", min_interval: PT3M" if kind == "interstitial" else ""
            w("    %s: { format: %s%s }" % (pid, kind, extra))
        w("")
        w("paywalls:")
        for pid, shown, highlight in self.paywalls:
            w("  %s:" % pid)
            w("    products: [%s]" % ", ".join(shown))
            w("    highlight: %s" % highlight)
        w("")
        w("review:")
        w("  restore: { locations: [paywall, settings], sync_on_launch: false }")
        w("  attestations:")
        w("    paid_apps_agreement: confirmed")
        w("    tax_and_banking: confirmed")
        w("    reviewer_can_purchase: confirmed")
        return "\n".join(out) + "\n"

    # -- templates ------------------------------------------------------------------------------

    def template(self, locale):
        unlock, restore, terms, privacy = WORDS.get(locale, DEFAULT_WORDS)
        tag = "" if locale == "en" else " (%s)" % locale
        out = []
        w = out.append
        w("format: tollgate-templates/v1")
        w("locale: %s" % locale)
        w("tiers:")
        w("  free: Free%s" % tag)
        for tier in self.tiers:
            w("  %s: %s%s" % (tier, self.tier_title(tier), tag))
        w("features:")
        for fid, title, _ in self.features:
            w("  %s: %s%s" % (fid, title, tag))
        w("products:")
        for p in self.products:
            w("  %s: %s%s" % (p["id"], p["name"], tag))
        w("paywalls:")
        for k, (pid, shown, highlight) in enumerate(self.paywalls):
            types = {self.by_id[s]["type"] for s in shown}
            trial = any(self.by_id[s].get("trial") for s in shown)
            w("  %s:" % pid)
            w("    title: %s%s, offer %d" % (unlock, tag, k))
            if locale in NO_ONE or k % 2 == 0:
                w("    subtitle: %s" % quote("{tier_title}: {unlocked_features}."))
            else:
                w("    subtitle: %s" % quote("{tier_title} for {period_count, plural, =1 {a whole {period}} "
                                             "other {# {period}}}: {unlocked_features}."))
            if "auto-renewable" in types:
                w("    auto-renewable:")
                w("      price: %s" % quote("{price} / {period}"))
                if trial:
                    w("      trial: %s" % quote("Try {trial_period} free, then {price} / {period}"))
                w("      badge: %s" % quote("Save {savings_percent}"))
            if "non-consumable" in types:
                w("    non-consumable:")
                w("      price: %s" % quote("{price} · one-time purchase, yours to keep"))
            if "consumable" in types:
                w("    consumable:")
                w("      price: %s" % quote("{price} · {product_title}"))
            if "auto-renewable" in types:
                w('    disclosure: "{product_title} renews automatically every {period} for {price} unless cancelled')
                w("      at least 24 hours before the end of the current period%s. Payment is charged to your "
                  "account" % tag)
                w("      at confirmation of purchase. Manage or cancel your subscription anytime in your account")
                w('      settings."')
            w("    restore: %s" % restore)
            w("    terms: %s" % terms)
            w("    privacy: %s" % privacy)
            w("    price_unavailable: Price unavailable right now%s" % tag)
        return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--products", type=int, required=True, help="number of products (at least 3)")
    parser.add_argument("--out", required=True, help="project folder to write Policies/ and Templates/ into")
    parser.add_argument("--app", default="bench", help="app id (default: bench)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.products < 3:
        parser.error("--products must be at least 3")
    project = Project(args.products, args.app, args.seed)
    policies = os.path.join(args.out, "Policies")
    templates = os.path.join(args.out, "Templates", args.app)
    os.makedirs(policies, exist_ok=True)
    os.makedirs(templates, exist_ok=True)
    total = 0
    for path, text in [(os.path.join(policies, args.app + ".yaml"), project.policy())] + [
            (os.path.join(templates, locale + ".yaml"), project.template(locale)) for locale in project.locales]:
        data = text.encode("utf-8")
        total += len(data)
        with open(path, "wb") as f:
            f.write(data)
    print("%d products, %d tiers, %d features, %d paywalls, %d locales: %d bytes in %s" % (
        len(project.products), len(project.tiers) + 1, len(project.features), len(project.paywalls),
        len(project.locales), total, args.out), file=sys.stderr)


if __name__ == "__main__":
    main()
