import Customers
import Diagnostics
import Foundation
import JSON
import Purchases
import TollgateEvaluation

/// `tollgate customers show|ingest|forget`: what the stores confirmed each customer bought, kept in the store.
enum CustomersCommand {
    /// What `tollgate customers` can do, by the subcommand's name.
    static let subcommands = ["show", "ingest", "forget"]

    static let command = Tollgate.Command(
        name: "customers",
        summary: "the purchases the stores confirmed: show a customer, ingest saved notifications, forget one",
        discussion: """
            Customers are kept in the store, as 'tollgate serve' keeps them.

              show --app A CUSTOMER    the customer's entitlements, credits and history
                                       (the json format is the HTTP customer document)
              ingest --app A FILE ...  apply saved App Store Server Notifications V2 as
                                       the notifications route does (a file holds one
                                       {"signedPayload": ...} object, one per line, or
                                       a Get Notification History response), and print
                                       each one's status
              forget --app A CUSTOMER  forget the customer: their purchases' links,
                                       credits and history (the transactions stay, owned
                                       by no one)

            The app's policy is the one the store's production channel serves when a
            store is named (--store or TOLLGATE_STORE), else Policies/<app>.yaml. Exits 0;
            1 when a notification is refused (a bad signature, another app's, Xcode data);
            2 when the store cannot be reached or an argument is wrong.
            """,
        arguments: [
            Positional(name: "subcommand", help: "show, ingest or forget"),
            Positional(name: "customer-or-file", help: "show and forget: the customer; ingest: one or more files",
                       isRequired: false, isRepeatable: true),
        ],
        options: [
            .value(.app, valueName: "app", help: "the app", required: true),
            Workspace.storeOption(help: "the store the customers are kept in: a file, sqlite:FILE, or a postgres:// URL"),
            .value(.environment, valueName: "environment", help: "show: whose purchases count",
                   default: .value(StoreEnvironment.production.rawValue),
                   choices: [StoreEnvironment.production.rawValue, StoreEnvironment.sandbox.rawValue]),
            .format(TextOrJSON.text, help: "show: the document's format"),
            Workspace.appleRootOption(),
        ],
        run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandError) -> CommandResult {
        let workspace = Workspace(context: context)
        let app = try arguments.required(.app)
        switch arguments.positional[0] {
        case "show":
            let customer = try onlyCustomer(arguments)
            let format: TextOrJSON = try arguments.format()
            let environment = StoreEnvironment(rawValue: try arguments.required(.environment)) ?? .production
            let ledger = try workspace.customerLedger(arguments)
            let policy = try workspace.customerPolicy(app, arguments)
            let document = try perform {
                () throws(CustomerError) in
                try ledger.document(of: customer, environment: environment, policy: policy, now: Timestamp(Date()))
            }
            if format == .json { return CommandResult(stdout: String(decoding: document.json(), as: UTF8.self) + "\n") }
            return CommandResult(stdout: text(document))
        case "ingest":
            return try ingest(Array(arguments.positional.dropFirst()), app: app, arguments, workspace)
        case "forget":
            let customer = try onlyCustomer(arguments)
            let ledger = try workspace.customerLedger(arguments)
            try perform { () throws(CustomerError) in try ledger.forget(customer, app: app) }
            return CommandResult(stdout: "forgot customer '\(customer.text)' of \(app)\n")
        case let other:
            throw .usage("unknown subcommand '\(other)'",
                         help: Suggestion.help(for: other, among: subcommands, listing: "the subcommands are"))
        }
    }

    /// Applies every notification of `files` in order, printing one line each: `FILE:LINE: STATUS UUID CUSTOMER`.
    private static func ingest(_ files: [String], app: String, _ arguments: Arguments, _ workspace: Workspace)
        throws(CommandError) -> CommandResult
    {
        guard !files.isEmpty else {
            throw .usage("'customers ingest' needs one or more files of saved notifications")
        }
        let policy = try workspace.customerPolicy(app, arguments)
        let ledger = try workspace.customerLedger(arguments)
        var stdout = ""
        var stderr = ""
        for file in files {
            let text = String(decoding: try workspace.contents(of: file), as: UTF8.self)
            for (place, item) in notifications(in: text) {
                let place = "\(file):\(place)"
                let payload: String
                switch item {
                case .success(let text): payload = text
                case .failure(let message):
                    stderr += "\(place): error: \(message)\n"
                    continue
                }
                do {
                    let receipt = try ledger.receiveAppStoreNotification(signedPayload: payload, policy: policy,
                                                                         now: Timestamp(Date()))
                    stdout += "\(place): \(receipt.status.rawValue) \(receipt.notification ?? "-")"
                        + (receipt.customer.map { " \($0.text)" } ?? "") + "\n"
                } catch .storeUnavailable(let detail) {
                    throw .failure("\(place): the store is unavailable: \(detail); the notifications before it are applied")
                } catch {
                    stderr += "\(place): error: \(error)\n"
                }
            }
        }
        return CommandResult(stdout: stdout, stderr: stderr,
                             exitCode: stderr.isEmpty ? ExitCode.success : ExitCode.findings)
    }

    /// The saved notifications of a file, each with where it is: the whole file when it is one object, the
    /// object of each non-empty line, or each `notificationHistory` item of an App Store Server API Get
    /// Notification History response.
    static func notifications(in text: String) -> [(place: String, payload: Result<String, Message>)] {
        if let value = try? JSONValue(reading: Array(text.utf8)) {
            if case .object(let members) = value, case .array(let history)? = members["notificationHistory"] {
                return history.enumerated().map { ("notificationHistory[\($0)]", signedPayload($1)) }
            }
            return [("1", signedPayload(value))]
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            line.allSatisfy(\.isWhitespace)
                ? nil : (String(index + 1), signedPayload(try? JSONValue(reading: Array(line.utf8))))
        }
    }

    /// The `signedPayload` of one saved notification, or what is wrong with it.
    static func signedPayload(_ value: JSONValue?) -> Result<String, Message> {
        guard case .object(let members)? = value else {
            return .failure(Message("not a JSON object; a saved notification is {\"signedPayload\": \"<JWS>\"}"))
        }
        guard case .string(let payload)? = members["signedPayload"] else {
            return .failure(Message("no 'signedPayload' string; a saved notification is {\"signedPayload\": \"<JWS>\"}"))
        }
        return .success(payload)
    }

    /// A line's mistake, in words.
    struct Message: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The one customer `show` and `forget` name.
    private static func onlyCustomer(_ arguments: Arguments) throws(CommandError) -> CustomerID {
        let rest = arguments.positional.dropFirst()
        guard rest.count == 1, let text = rest.first else {
            throw .usage("'customers \(arguments.positional[0])' takes one customer")
        }
        do {
            return try CustomerID(text)
        } catch {
            throw .badArgument("invalid customer '\(text)': \(error)")
        }
    }

    /// Runs `body`, turning a customer failure into the command's error: the store's is exit 2.
    private static func perform<T>(_ body: () throws(CustomerError) -> T) throws(CommandError) -> T {
        do {
            return try body()
        } catch .storeUnavailable(let detail) {
            throw .failure("the store is unavailable: \(detail)")
        } catch {
            throw .invalidInput(error.description)
        }
    }

    /// The document as the text format prints it.
    static func text(_ document: CustomerDocument) -> String {
        var text = "customer '\(document.customer.text)' of \(document.app) (\(document.environment.rawValue))\n"
        text += "entitlements:" + (document.entitlements.isEmpty ? " none\n" : "\n")
        for entry in document.entitlements {
            text += "  \(entry.product)  \(entry.state.rawValue)" + (entry.expires.map { " until \($0)" } ?? "")
                + "  (\(entry.store.rawValue), \(entry.ownership.rawValue), \(entry.periodType.rawValue), "
                + (entry.willRenew ? "renews" : "does not renew") + ", original \(entry.originalTransaction))\n"
        }
        text += "credits:" + (document.credits.isEmpty ? " none\n" : "\n")
        for (currency, balance) in document.credits.sorted(by: { $0.key < $1.key }) {
            text += "  \(currency)  \(balance)\n"
        }
        text += "history:" + (document.history.isEmpty ? " none\n" : "\n")
        for item in document.history {
            text += "  \(item.time)  \(item.store)  \(item.event)  \(item.effect)\n"
        }
        return text
    }
}
