import Project
import Testing

/// The one layout: policies in `Policies/`, templates as `*.yaml` and `*.yml` in `Templates/<app>/`, sorted.
@Suite struct ProjectLayoutTests {
    static let files = MappedFiles([
        "Policies/demo.yaml": [], "Policies/beta.yml": [], "Policies/notes.md": [],
        "Templates/demo/ja.yaml": [], "Templates/demo/de.yml": [], "Templates/demo/en.yaml": [],
        "Templates/demo/en.yaml.bak": [], "Templates/demo/old/fr.yaml": [],
    ])

    @Test func policiesAreTheYAMLFilesOfPoliciesSorted() {
        #expect(ProjectLayout.policyFiles(of: Self.files) == ["Policies/beta.yml", "Policies/demo.yaml"])
    }

    @Test func templatesAreTheYAMLFilesDirectlyInTheirFolderSorted() {
        #expect(ProjectLayout.templateFiles(ofPolicy: "Policies/demo.yaml", of: Self.files)
            == ["Templates/demo/de.yml", "Templates/demo/en.yaml", "Templates/demo/ja.yaml"])
    }

    @Test func theTemplatesOfAPolicyAreBesideItsPoliciesFolder() {
        #expect(ProjectLayout.templateFolder(ofPolicy: "Policies/demo.yaml") == "Templates/demo")
        #expect(ProjectLayout.templateFolder(ofPolicy: "old/Policies/demo.yaml") == "old/Templates/demo")
        #expect(ProjectLayout.templateFolder(ofPolicy: "/srv/app/Policies/demo.yml") == "/srv/app/Templates/demo")
        #expect(ProjectLayout.templateFolder(app: "demo") == "Templates/demo")
        #expect(ProjectLayout.policyPath(app: "demo") == "Policies/demo.yaml")
    }

    @Test(arguments: [
        ("Policies/demo.yaml", "demo"), ("Policies/demo.yml", "demo"), ("Templates/demo/en.yaml", "demo"),
        ("Templates/demo/en.yml", "demo"), ("Policies/demo.json", nil), ("Templates/demo/old/en.yaml", nil),
        ("Templates//en.yaml", nil), ("Other/demo.yaml", nil), ("demo.yaml", nil),
    ] as [(String, String?)])
    func theAppOfAPath(path: String, app: String?) {
        #expect(ProjectLayout.app(of: path) == app)
    }

    @Test func aStemIsTheNameWithoutFolderAndExtension() {
        #expect(ProjectLayout.stem("Policies/demo.yaml") == "demo")
        #expect(ProjectLayout.stem("Templates/demo/pt-BR.yml") == "pt-BR")
    }
}
