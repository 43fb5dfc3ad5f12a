import JSON
import Testing
import TollgateEvaluation

/// The input's vocabulary is the one both readers read: every member is read by its name, and nothing else is.
@Suite struct EvaluationInputMemberTests {
    @Test(arguments: EvaluationInput.Member.allCases)
    func theJSONReaderReadsTheMemberByItsName(_ member: EvaluationInput.Member) {
        #expect(throws: (any Error).self) {
            try EvaluationInput(value: .object([member.rawValue: .array([.bool(true)])]))
        }
        do {
            _ = try EvaluationInput(value: .object([member.rawValue: .array([.bool(true)])]))
        } catch {
            #expect(error.message.hasPrefix(member.rawValue), "\(error.message)")
        }
    }

    @Test(arguments: EvaluationInput.Member.allCases)
    func theUsualFormReadsTheMemberByItsName(_ member: EvaluationInput.Member) {
        #expect(EvaluationInput(usualForm: Array(#"{"\#(member.rawValue)": null}"#.utf8)) != nil)
        #expect(EvaluationInput(usualForm: Array(#"{"\#(member.rawValue)x": null}"#.utf8)) == nil)
    }

    @Test func anEntitlementsMembersAreReadByTheirNames() throws {
        let names = EvaluationInput.EntitlementMember.allCases.map(\.rawValue)
        let text = #"{"entitlements": [{"\#(names[0])": "p", "\#(names[1])": "active", "\#(names[2])": null}]}"#
        let expected = [Entitlement(product: "p", state: .active)]
        #expect(try EvaluationInput(value: JSONValue(reading: Array(text.utf8))).entitlements == expected)
        #expect(EvaluationInput(usualForm: Array(text.utf8))?.entitlements == expected)
    }
}
