import Customers
import Testing

/// Who owns a purchase, and customer ids.
@Suite struct OwnershipTests {
    static let alice = try! CustomerID("alice")
    static let bob = try! CustomerID("bob")

    @Test func thePosterOwnsAnUnclaimedPurchase() {
        #expect(OwnerDecision.decide(current: nil, poster: Self.alice, claimant: nil, restore: .transfer)
            == .assign(Self.alice))
        #expect(OwnerDecision.decide(current: nil, poster: Self.alice, claimant: Self.bob, restore: .keep)
            == .assign(Self.alice), "the poster wins over the token")
    }

    @Test func theOwnerPostingAgainKeepsIt() {
        #expect(OwnerDecision.decide(current: Self.alice, poster: Self.alice, claimant: nil, restore: .keep)
            == .keep(Self.alice))
    }

    @Test func anotherCustomerRestoringTransfersOrIsRefused() {
        #expect(OwnerDecision.decide(current: Self.alice, poster: Self.bob, claimant: nil, restore: .transfer)
            == .transfer(from: Self.alice, to: Self.bob))
        #expect(OwnerDecision.decide(current: Self.alice, poster: Self.bob, claimant: nil, restore: .keep)
            == .refuse(owner: Self.alice))
    }

    @Test func aNotificationKeepsTheOwnerOrAssignsTheClaimant() throws {
        #expect(OwnerDecision.decide(current: Self.alice, poster: nil, claimant: Self.bob, restore: .transfer)
            == .keep(Self.alice))
        #expect(OwnerDecision.decide(current: nil, poster: nil, claimant: nil, restore: .transfer) == .keep(nil))
        #expect(OwnerDecision.decide(current: nil, poster: nil, claimant: Self.bob, restore: .keep) == .assign(Self.bob))
    }

    @Test func theAppAccountTokenClaimsForTheCustomerOfItsLowercaseText() throws {
        let token = "7E3FB20B-4CDB-47CC-936D-99D65F608138"
        let transaction = try Payloads.transaction("1", purchased: 0, signed: 0, token: token)
        #expect(transaction.claimant == (try CustomerID(token.lowercased())))
        #expect(try Payloads.transaction("1", purchased: 0, signed: 0).claimant == nil)
    }

    @Test func customerIDs() throws {
        #expect(try CustomerID("user-42").text == "user-42")
        #expect(try CustomerID(String(repeating: "é", count: 128)).text.utf8.count == 256)
        #expect(throws: CustomerIDError.empty) { try CustomerID("") }
        #expect(throws: CustomerIDError.tooLong(bytes: 257)) { try CustomerID(String(repeating: "a", count: 257)) }
        #expect(throws: CustomerIDError.controlCharacter(0x0A)) { try CustomerID("a\nb") }
        #expect(throws: CustomerIDError.controlCharacter(0x85)) { try CustomerID("a\u{85}") }
        #expect(CustomerIDError.controlCharacter(0x0A).description
            == "a customer id contains the control character U+000A")
        #expect(CustomerIDError.tooLong(bytes: 300).description
            == "a customer id has 300 bytes of UTF-8, more than 256")
        #expect(Self.alice < Self.bob)
    }
}
