/// One use of an argument name in a message.
package struct VariableUse: Sendable, Hashable {
    /// The argument name or number, as written.
    package var name: String
    /// The scalar range of the name itself (not of the whole argument).
    package var range: Range<Int>

    package init(name: String, range: Range<Int>) {
        self.name = name
        self.range = range
    }
}

extension MessagePattern {
    /// Every argument name used anywhere (placeholders, plural, selectordinal, select), in source order.
    ///
    /// A name used twice appears twice. `#` is not listed: it refers to its plural's own name.
    package var variables: [VariableUse] {
        var uses: [VariableUse] = []
        collectVariables(into: &uses)
        return uses
    }

    private func collectVariables(into uses: inout [VariableUse]) {
        for part in parts {
            switch part {
            case .text, .pound:
                continue
            case .argument(let argument):
                uses.append(VariableUse(name: argument.name, range: argument.nameRange))
            case .plural(let plural):
                uses.append(VariableUse(name: plural.name, range: plural.nameRange))
                for pluralCase in plural.cases {
                    pluralCase.message.collectVariables(into: &uses)
                }
            case .select(let select):
                uses.append(VariableUse(name: select.name, range: select.nameRange))
                for selectCase in select.cases {
                    selectCase.message.collectVariables(into: &uses)
                }
            }
        }
    }
}
