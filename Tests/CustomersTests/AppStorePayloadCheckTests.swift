import Customers
import Testing

/// The bundle id, the Apple ID for Production, and the environments Apple signs.
@Suite struct AppStorePayloadCheckTests {
    static func check(bundle: String? = "com.example.app", apple: Int64? = 42, environment: String? = "Production",
                      expectedApple: Int64? = 42) -> AppStorePayloadCheck {
        AppStorePayloadCheck(bundleID: bundle, appAppleID: apple, environment: environment,
                             expectedBundleID: "com.example.app", expectedAppleID: expectedApple)
    }

    @Test func theAppsOwnPayloadsPass() {
        #expect(Self.check() == .ok)
        #expect(Self.check(environment: "Sandbox") == .ok)
        #expect(Self.check(apple: nil) == .ok, "no appAppleId to compare")
        #expect(Self.check(apple: 7, expectedApple: nil) == .ok, "no apple_id in the policy")
        #expect(Self.check(apple: 7, environment: "Sandbox") == .ok, "the Apple ID is checked for Production only")
    }

    @Test func anotherAppsPayloadIsWrongApp() {
        #expect(Self.check(bundle: "com.example.other")
            == .wrongApp("bundleId 'com.example.other', not 'com.example.app'"))
        #expect(Self.check(bundle: nil) == .wrongApp("bundleId missing, not 'com.example.app'"))
        #expect(Self.check(apple: 7) == .wrongApp("appAppleId 7, not 42"))
    }

    @Test func unsignedEnvironmentsAreRefused() {
        #expect(Self.check(environment: "Xcode") == .unsupportedEnvironment("Xcode"))
        #expect(Self.check(environment: "LocalTesting") == .unsupportedEnvironment("LocalTesting"))
        #expect(Self.check(environment: nil) == .unsupportedEnvironment(""))
        #expect(StoreEnvironment(appStore: "Production") == .production)
        #expect(StoreEnvironment(appStore: "Sandbox") == .sandbox)
        #expect(StoreEnvironment(appStore: "sandbox") == nil)
    }

    @Test func transactionsAndRenewalInfo() throws {
        let transaction = try Payloads.transaction("1", purchased: 0, signed: 0, environment: "Sandbox")
        #expect(AppStorePayloadCheck(transaction, bundleID: "com.example.app") == .ok)
        #expect(AppStorePayloadCheck(transaction, bundleID: "com.other") == .wrongApp(
            "bundleId 'com.example.app', not 'com.other'"))
        #expect(AppStorePayloadCheck(try Payloads.renewal(signed: 0, environment: "Xcode"))
            == .unsupportedEnvironment("Xcode"))
        #expect(AppStorePayloadCheck(try Payloads.renewal(signed: 0)) == .ok)
    }
}
