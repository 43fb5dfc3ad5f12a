import ExperimentResults
import Foundation
import Statistics
import Store
import TestSupport
import Testing
import TollgateEvaluation

/// The report from a tally: each variant against the first as gbstats' default analyses compute them, the sample
/// ratio check, and the policy's variants whatever the store holds.
@Suite struct ExperimentReportTests {
    @Test func everyVariantIsComparedWithTheControlAsGbstatsDoes() throws {
        let report = ReportFixture.report()
        #expect(report.variants.map(\.variant) == ["paywall", "holdout"])
        let control = try #require(report.variants[0].metrics[.conversion])
        #expect(control.uplift == nil && control.chanceToWin == nil && control.risk == nil)
        #expect(control.sum == 451 && control.mean == 451.0 / 9012)
        let holdout = try #require(report.variants[1].metrics[.conversion])
        let a = ProportionStatistic(n: 9012, sum: 451), b = ProportionStatistic(n: 1003, sum: 12)
        let frequentist = FrequentistTest().result(control: a, treatment: b)
        let bayesian = BayesianTest().result(control: a, treatment: b)
        #expect(holdout.uplift == ExperimentReport.Uplift(relative: frequentist.expected, ci: frequentist.ci,
                                                          pValue: frequentist.pValue))
        #expect(holdout.chanceToWin == bayesian.chanceToWin && holdout.risk == bayesian.risk)
        #expect(frequentist.expected < -0.7, "the holdout converts about a quarter as often: the control is first")
        let revenue = try #require(report.variants[1].metrics[.revenue])
        let expected = FrequentistTest().result(control: SampleMeanStatistic(n: 9012, sum: 1497, sumOfSquares: 7475),
                                                treatment: SampleMeanStatistic(n: 1003, sum: 49.9, sumOfSquares: 249))
        #expect(revenue.uplift?.relative == expected.expected && revenue.uplift?.ci == expected.ci)
        #expect(revenue.sum == 49.9 && revenue.mean == 49.9 / 1003)
    }

    @Test func sequentialIntervalsAreAlwaysValidAndWider() throws {
        let fixed = try #require(ReportFixture.report().variants[1].metrics[.paidConversion]?.uplift)
        let report = ReportFixture.report(query: ResultsQuery(sequential: true))
        let sequential = try #require(report.variants[1].metrics[.paidConversion]?.uplift)
        let expected = SequentialTest(tuning: 5000).result(control: ProportionStatistic(n: 9012, sum: 300),
                                                           treatment: ProportionStatistic(n: 1003, sum: 10))
        #expect(sequential == ExperimentReport.Uplift(relative: expected.expected, ci: expected.ci,
                                                      pValue: expected.pValue))
        #expect(sequential.ci.upper - sequential.ci.lower > fixed.ci.upper - fixed.ci.lower)
        #expect(report.sequential)
    }

    @Test func aSplitFarFromTheWeightsIsAWarningAtTheTopOfEveryFormat() throws {
        var holdout = ReportFixture.holdout
        holdout.users = 700
        let report = ReportFixture.report(ReportFixture.tally(holdout: holdout))
        let expected = try SampleRatioCheck.pValue(users: [9012, 700], weights: [90, 10])
        #expect(report.srm == ExperimentReport.SampleRatio(pValue: expected, warning: true))
        #expect(report.text.hasPrefix("warning: sample ratio mismatch: users split 9012 / 700 against weights 90 / 10"))
        #expect(report.markdown.hasPrefix("> **Warning:** sample ratio mismatch"))
        let html = report.html
        let alert = try #require(html.range(of: "<p class=\"warning\" role=\"alert\">"))
        #expect(html[..<alert.lowerBound].contains("<body>") && !html[..<alert.lowerBound].contains("<h1>"))
        #expect(String(decoding: report.json, as: UTF8.self).contains("\"srm\":{\"p_value\":\(expected),\"warning\":true}"))
        let fine = ReportFixture.report()
        #expect(!fine.srm.warning && !fine.text.contains("warning") && !fine.html.contains("role=\"alert\""))
    }

    @Test func theSampleRatioCheckSkipsVariantsWithoutWeight() throws {
        var holdout = ReportFixture.holdout
        holdout.users = 5
        let report = ReportFixture.report(ReportFixture.tally(holdout: holdout),
                                          experiment: ReportFixture.experiment(weights: [100, 0]))
        #expect(report.srm == ExperimentReport.SampleRatio(pValue: 1, warning: false),
                "users who kept a variant whose weight went to 0 are no mismatch")
    }

    @Test func thePolicysVariantsAreReportedWhateverTheStoreHolds() {
        let tally = ExposureTally(variants: ["paywall": ReportFixture.paywall, "retired": ReportFixture.holdout],
                                  days: [ExposureTally.Day(day: "2026-11-01", users: ["paywall": 9012, "retired": 1003])])
        let report = ReportFixture.report(tally)
        #expect(report.variants.map(\.variant) == ["paywall", "holdout"] && report.variants[1].users == 0)
        #expect(report.days == [ExposureTally.Day(day: "2026-11-01", users: ["paywall": 9012])])
        #expect(report.variants[1].metrics[.conversion]?.uplift?.pValue == 1, "no users: gbstats' uninformative answer")
    }

    @Test(arguments: ["text", "markdown", "html", "json"]) func formatsAreStable(_ format: String) {
        let report = ReportFixture.report()
        let output = switch format {
        case "text": report.text
        case "markdown": report.markdown
        case "html": report.html
        default: String(decoding: report.json, as: UTF8.self) + "\n"
        }
        expectGolden(output, at: Fixtures.path("experiments/report.\(format == "markdown" ? "md" : format)"))
    }

    @Test func theJSONHasTheDocumentedShape() throws {
        let json = String(decoding: ReportFixture.report().json, as: UTF8.self)
        for member in ["\"app\":\"photocollage\"", "\"experiment\":\"onboarding-paywall\"", "\"status\":\"running\"",
                       "\"from\":\"2026-11-01T00:00:00Z\"", "\"to\":\"2026-12-01T00:00:00Z\"", "\"window\":\"P14D\"",
                       "\"currency\":\"USD\"", "\"multiple_exposures\":3", "\"left_out_purchases\":2",
                       "{\"variant\":\"paywall\",\"weight\":90,\"users\":9012,\"metrics\":{\"conversion\":{\"sum\":451,",
                       "\"uplift\":null,\"chance_to_win\":null,\"risk\":null}"] {
            #expect(json.contains(member), "\(member)")
        }
    }
}
