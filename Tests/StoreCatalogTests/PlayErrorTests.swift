import Foundation
import StoreCatalog
import Testing

/// Play responses that cannot be read are one error at the value that is wrong.
@Suite struct PlayErrorTests {
    static let reader = CatalogReader(currencyOfStorefront: { _ in nil })

    static func expect(_ text: String, _ line: Int, _ column: Int, _ problem: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        var found: CatalogError?
        do {
            _ = try reader.read(file: "play.json", bytes: Array(text.utf8))
        } catch {
            found = error
        }
        #expect(found?.location == CatalogError.Location(file: "play.json", line: line, column: column),
                sourceLocation: sourceLocation)
        #expect(found?.problem == problem, sourceLocation: sourceLocation)
    }

    /// A subscription with one base plan whose price is `money`.
    static func price(_ money: String) -> String {
        """
        { "productId": "premium", "basePlans": [ { "basePlanId": "monthly",
            "autoRenewingBasePlanType": { "billingPeriodDuration": "P1M" },
            "regionalConfigs": [ { "regionCode": "US", "price": \(money) } ] } ] }
        """
    }

    @Test func nanosOutOfRangeIsAnError() {
        Self.expect(Self.price(#"{ "currencyCode": "USD", "units": "3", "nanos": 1000000000 }"#), 3, 105,
                    "'nanos' of the price of base plan 'premium:monthly' in US must be from 0 to 999999999 (a price "
                        + "is never negative); found 1000000000")
        Self.expect(Self.price(#"{ "currencyCode": "USD", "units": "3", "nanos": -1 }"#), 3, 105,
                    "'nanos' of the price of base plan 'premium:monthly' in US must be from 0 to 999999999 (a price "
                        + "is never negative); found -1")
    }

    @Test func unitsMustBeAWholeNumber() {
        Self.expect(Self.price(#"{ "currencyCode": "USD", "units": "3.5" }"#), 3, 91,
                    #"'units' of the price of base plan 'premium:monthly' in US must be a non-negative whole number "#
                        + #"such as "3"; found "3.5""#)
        Self.expect(Self.price(#"{ "currencyCode": "USD", "units": "-3" }"#), 3, 91,
                    #"'units' of the price of base plan 'premium:monthly' in US must be a non-negative whole number "#
                        + #"such as "3"; found "-3""#)
    }

    @Test func aCurrencyCodeIsThreeCapitals() {
        Self.expect(Self.price(#"{ "currencyCode": "usd", "units": "3" }"#), 3, 75,
                    #"'currencyCode' of the price of base plan 'premium:monthly' in US must be an ISO 4217 code "#
                        + #"such as "USD"; found "usd""#)
    }

    @Test func aBasePlanWithoutAnIdIsAnError() {
        Self.expect("""
            { "productId": "premium", "basePlans": [ { "state": "ACTIVE" } ] }
            """, 1, 42, "a base plan of subscription 'premium' has no 'basePlanId'; expected a string there")
    }

    @Test func aSubscriptionWithoutAProductIdIsAnError() {
        Self.expect("""
            { "subscriptions": [ { "packageName": "a.b", "basePlans": [] } ] }
            """, 1, 22, "a subscription has no 'productId'; expected a string there")
    }

    @Test func aBasePlanHasExactlyOneType() {
        Self.expect("""
            { "productId": "premium", "basePlans": [ { "basePlanId": "monthly" } ] }
            """, 1, 42, "base plan 'premium:monthly' must have exactly one of 'autoRenewingBasePlanType', "
                + "'prepaidBasePlanType', 'installmentsBasePlanType'; found none")
        Self.expect("""
            { "productId": "premium", "basePlans": [ { "basePlanId": "monthly",
              "autoRenewingBasePlanType": { "billingPeriodDuration": "P1M" },
              "prepaidBasePlanType": { "billingPeriodDuration": "P1M" } } ] }
            """, 1, 42, "base plan 'premium:monthly' must have exactly one of 'autoRenewingBasePlanType', "
                + "'prepaidBasePlanType', 'installmentsBasePlanType'; found 'autoRenewingBasePlanType' and "
                + "'prepaidBasePlanType'")
    }

    @Test func aBillingPeriodIsAnISODuration() {
        Self.expect("""
            { "productId": "premium", "basePlans": [ { "basePlanId": "monthly",
              "autoRenewingBasePlanType": { "billingPeriodDuration": "1M" } } ] }
            """, 2, 58, "'billingPeriodDuration' of 'autoRenewingBasePlanType' of base plan 'premium:monthly' "
                + #"must be an ISO 8601 duration such as "P1M"; found "1M""#)
        Self.expect("""
            { "productId": "premium", "basePlans": [ { "basePlanId": "monthly", "prepaidBasePlanType": {} } ] }
            """, 1, 92, "'prepaidBasePlanType' of base plan 'premium:monthly' has no 'billingPeriodDuration'; "
                + "expected a string there")
    }

    @Test func oneFileHoldsOneApp() {
        Self.expect("""
            { "oneTimeProducts": [ { "packageName": "a.b", "productId": "x" },
                                   { "packageName": "a.c", "productId": "y" } ] }
            """, 2, 41, "the file mixes apps: 'packageName' is 'a.c' here and 'a.b' at line 1; expected the "
                + "products of one app")
    }

    @Test func aLegacyPurchaseTypeIsSpeltAsTheAPISpellsIt() {
        Self.expect("""
            { "inappproduct": [ { "sku": "remove_ads", "purchaseType": "managed" } ] }
            """, 1, 60, "'purchaseType' of in-app product 'remove_ads' must be one of 'managedUser', 'subscription'; "
                + "found 'managed'")
    }

    @Test func priceMicrosAreWholeMillionths() {
        Self.expect("""
            { "sku": "remove_ads", "purchaseType": "managedUser",
              "defaultPrice": { "priceMicros": "1.99", "currency": "USD" } }
            """, 2, 36, #"'priceMicros' of the price of in-app product 'remove_ads' must be a non-negative whole "#
                + #"number such as "3"; found "1.99""#)
        Self.expect("""
            { "sku": "remove_ads", "purchaseType": "managedUser", "defaultPrice": { "currency": "USD" } }
            """, 1, 71, #"the price of in-app product 'remove_ads' has no 'priceMicros'; expected a whole number "#
                + #"of millionths, such as "1990000" for 1.99"#)
    }

    @Test func aLegacySubscriptionNeedsItsPeriod() {
        Self.expect("""
            { "sku": "pro", "purchaseType": "subscription", "trialPeriod": "P7D" }
            """, 1, 1, "in-app product 'pro' has no 'subscriptionPeriod'; expected a string there")
    }

    @Test func aListOfTheWrongKindIsAnError() {
        Self.expect(#"{ "subscriptions": {} }"#, 1, 20,
                    "'subscriptions' of the response must be a list, found an object")
        Self.expect(#"{ "oneTimeProducts": [ 3 ] }"#, 1, 24, "a one-time product must be an object, found a number")
    }
}
