import PolicyModel
import Foundation
import Testing

@Suite("Decimal+Policy")
struct DecimalPolicyTests {
    @Test(arguments: [("3900", 0), ("2.99", 2), ("0", 0), ("0.5", 1), ("1.950", 3), ("007.10", 2)])
    func fractionDigits(_ text: String, _ digits: Int) {
        #expect(Decimal.fractionDigits(ofPolicyAmount: text) == digits)
        #expect(Decimal(policyAmount: text) != nil)
    }

    @Test(arguments: ["", ".", ".5", "5.", "-1", "+1", "1,299", "2,99", "1 299", " 1", "1e3", "1.2.3", "$2.99",
                      "2.99 USD", "٣", "NaN"])
    func refuses(_ text: String) {
        #expect(Decimal.fractionDigits(ofPolicyAmount: text) == nil)
        #expect(Decimal(policyAmount: text) == nil)
    }

    @Test func valuesAreExact() {
        #expect(Decimal(policyAmount: "0.1")! + Decimal(policyAmount: "0.2")! == Decimal(policyAmount: "0.3")!)
        #expect(Decimal(policyAmount: "29.99")! * 12 == Decimal(policyAmount: "359.88")!)
    }

    @Test(arguments: [("4.165", 2, "4.17"), ("4.1649", 2, "4.16"), ("3.5", 2, "3.50"), ("3900", 0, "3900"),
                      ("3899.5", 0, "3900"), ("1.9", 3, "1.900"), ("0", 2, "0.00")])
    func policyText(_ text: String, _ digits: Int, _ expected: String) {
        #expect(Decimal(policyAmount: text)?.policyText(fractionDigits: digits) == expected)
    }
}
