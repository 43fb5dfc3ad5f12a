import PolicyModel

extension TemplateSet {
    /// The file's name without its folder: `ko.yaml`.
    var fileName: String {
        file.split(separator: "/").last.map(String.init) ?? file
    }

    /// The locale the file's name stands for (`Templates/app/ko.yaml` → `ko`), which is how the file is found.
    var fileLocale: String {
        guard let dot = fileName.lastIndex(of: ".") else { return fileName }
        return String(fileName[..<dot])
    }
}

extension AppSources {
    /// Whether `locale` has a template file, by its name or by its `locale:`.
    func hasTemplates(for locale: String) -> Bool {
        templates.contains { $0.fileLocale == locale || $0.locale.value == locale }
    }
}
