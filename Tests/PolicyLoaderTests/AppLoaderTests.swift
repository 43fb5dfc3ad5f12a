import Diagnostics
import Foundation
import PolicyLoader
import PolicyModel
import Testing
import TestSupport

/// Loading several apps at once, on every core, gives each app what loading it alone gives.
@Suite struct AppLoaderTests {
    /// An example app's files as the command line reads them.
    static func input(_ app: String) throws -> AppLoader.Input {
        let root = Fixtures.repositoryRoot()
        let policy = "Policies/\(app).yaml"
        let folder = "Templates/\(app)"
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
        let templates = try names.filter { $0.hasSuffix(".yaml") }.sorted().map { name in
            let path = "\(folder)/\(name)"
            return AppLoader.TemplateFile(path: path, bytes: [UInt8](try Data(contentsOf: root.appendingPathComponent(path))))
        }
        return AppLoader.Input(policy: [UInt8](try Data(contentsOf: root.appendingPathComponent(policy))), file: policy,
                               templates: templates, templateDirectory: folder)
    }

    static func alone(_ input: AppLoader.Input) -> Loaded<AppSources> {
        AppLoader.load(policy: input.policy, file: input.file, templates: input.templates,
                       templateDirectory: input.templateDirectory)
    }

    @Test func eachAppGetsWhatLoadingItAloneGivesInOrder() throws {
        var broken = try Self.input("lingualeap")
        broken.templates[0].bytes = Array("format: tollgate/v1\nlocale: [".utf8)
        broken.templates[1].bytes = nil
        let inputs = [try Self.input("photocollage"), broken, try Self.input("lingualeap")]
        let together = AppLoader.load(inputs)
        #expect(together.count == 3)
        for (input, loaded) in zip(inputs, together) {
            let alone = Self.alone(input)
            #expect(loaded.value == alone.value)
            #expect(loaded.diagnostics == alone.diagnostics)
        }
        #expect(together[0].value?.policy.app.id.value == "photocollage")
        #expect(together[1].value?.unreadableLocales.count == 2)
        #expect(together[1].diagnostics.contains { $0.span.file == broken.templates[0].path })
        #expect(together[2].value?.unreadableLocales.isEmpty == true)
    }

    @Test func aFileBothInputsHoldUnchangedIsOneValueAndAChangedOneIsNot() throws {
        let old = try Self.input("lingualeap")
        var new = old
        let text = String(decoding: try #require(new.templates[0].bytes), as: UTF8.self)
        new.templates[0].bytes = Array(text.replacingOccurrences(of: "  pro: Pro", with: "  pro: Pro+").utf8)
        let loaded = AppLoader.load([old, new])
        let (before, after) = (try #require(loaded[0].value), try #require(loaded[1].value))
        #expect(before.templates[0] != after.templates[0])
        #expect(before.templates[1...] == after.templates[1...])
        #expect(before.policy == after.policy)
        #expect(loaded[1].value == Self.alone(new).value)
    }
}
