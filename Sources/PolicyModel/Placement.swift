package import Diagnostics
package import TollgateEvaluation

/// A moment in the app where a paywall may show, and its audiences in the order they are tried.
package struct Placement: Hashable, Sendable {
    package var id: Located<String>
    package var title: Located<String>?
    package var audiences: [Audience]
    package var span: SourceSpan

    package init(id: Located<String>, title: Located<String>?, audiences: [Audience], span: SourceSpan) {
        self.id = id
        self.title = title
        self.audiences = audiences
        self.span = span
    }
}

/// Who an audience is (`when`; absent for everyone) and what it sees.
package struct Audience: Hashable, Sendable {
    package var id: Located<String>
    package var when: AudienceCondition?
    /// Nil when the file gives none of `paywall`, `experiment` and `show: none`, or more than one (reported).
    package var outcome: Located<AudienceOutcome>?
    package var span: SourceSpan

    package init(id: Located<String>, when: AudienceCondition?, outcome: Located<AudienceOutcome>?, span: SourceSpan) {
        self.id = id
        self.when = when
        self.outcome = outcome
        self.span = span
    }
}

/// What an audience sees: a paywall, an experiment's variant, or nothing.
package enum AudienceOutcome: Hashable, Sendable {
    case paywall(String)
    case experiment(String)
    case nothing
}

/// An audience's `when` text and where each of its characters was written, so a finding inside the
/// expression points at its own line and column.
package struct AudienceCondition: Hashable, Sendable {
    package var text: Located<String>
    /// Where the text was written, kept to place a finding inside it.
    package var source: ScalarSource?

    package init(text: Located<String>, source: ScalarSource?) {
        self.text = text
        self.source = source
    }

    /// Where each character of the text was written, when its source can be read back; built on each use.
    package var sourceMap: SourceMap? { source?.sourceMap(of: text.value, at: text.span) }

    /// The source span of the UTF-8 bytes `range` of the text; the whole value where the source cannot be
    /// read back.
    package func span(ofUTF8 range: Range<Int>) -> SourceSpan {
        let utf8 = text.value.utf8
        func scalarOffset(_ byte: Int) -> Int {
            let index = utf8.index(utf8.startIndex, offsetBy: min(max(byte, 0), utf8.count))
            let scalar = index.samePosition(in: text.value.unicodeScalars)
                ?? text.value.unicodeScalars.index(before: index)
            return text.value.unicodeScalars.distance(from: text.value.unicodeScalars.startIndex, to: scalar)
        }
        return sourceMap?.span(of: scalarOffset(range.lowerBound)..<scalarOffset(range.upperBound)) ?? text.span
    }
}

/// A split of users between variants by a stable hash of their id.
package struct Experiment: Hashable, Sendable {
    package var id: Located<String>
    package var title: Located<String>?
    /// Nil: the experiment's id is the seed.
    package var seed: Located<String>?
    package var status: Located<ExperimentStatus>
    package var winner: Located<String>?
    package var variants: [Variant]
    package var span: SourceSpan

    package init(id: Located<String>, title: Located<String>?, seed: Located<String>?, status: Located<ExperimentStatus>,
                 winner: Located<String>?, variants: [Variant], span: SourceSpan) {
        self.id = id
        self.title = title
        self.seed = seed
        self.status = status
        self.winner = winner
        self.variants = variants
        self.span = span
    }

    /// The seed users are bucketed by: the `seed` key, else the id.
    package var effectiveSeed: String { seed?.value ?? id.value }
}

/// One arm of an experiment: the paywall it shows, or nothing, and its weight.
package struct Variant: Hashable, Sendable {
    package var id: Located<String>
    /// Nil when the file gives neither `paywall` nor `show: none`, or both (reported).
    package var outcome: Located<AudienceOutcome>?
    package var weight: Located<Int>
    package var span: SourceSpan

    package init(id: Located<String>, outcome: Located<AudienceOutcome>?, weight: Located<Int>, span: SourceSpan) {
        self.id = id
        self.outcome = outcome
        self.weight = weight
        self.span = span
    }

    /// The paywall the variant shows; nil for `show: none`.
    package var paywall: String? {
        if case .paywall(let id)? = outcome?.value { return id }
        return nil
    }
}

package typealias ExperimentStatus = TollgateEvaluation.ExperimentStatus
