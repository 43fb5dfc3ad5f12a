import Customers
import Foundation
import JSON
import TollgateEvaluation

/// The customer routes (docs/http.md): the stores' signed notifications, the transactions apps send, a
/// customer's document, forgetting them, and spending their credits.
extension Router {
    /// `POST /v1/apps/{app}/notifications/app-store`: an App Store Server Notification V2, `{"signedPayload"}`.
    func appStoreNotification(_ request: HTTPRequest, app id: String) throws(Problem) -> HTTPResponse {
        let (service, policy) = try customerService(app: id)
        let payload = try Self.signedMember("signedPayload", of: request.body)
        let receipt: NotificationReceipt
        do {
            receipt = try service.receiveAppStoreNotification(signedPayload: payload, policy: policy,
                                                              now: Timestamp(now()))
        } catch {
            let problem = Self.problem(error)
            metrics.countNotification(store: Marketplace.appStore.rawValue, status: problem.kind.rawValue)
            throw problem
        }
        metrics.countNotification(store: Marketplace.appStore.rawValue, status: receipt.status.rawValue)
        return JSONBody.response(receipt.json())
    }

    /// `POST /v1/apps/{app}/customers/{customer}/transactions`: a signed transaction the app sends after a
    /// purchase or a restore, `{"signed_transaction"}`; needs no token, as the signature is the proof.
    func customerTransaction(_ request: HTTPRequest, app id: String, customer: String) throws(Problem) -> HTTPResponse {
        let (service, policy) = try customerService(app: id)
        let customer = try Self.customerID(customer)
        let transaction = try Self.signedMember("signed_transaction", of: request.body)
        do {
            return JSONBody.response(try service.recordAppStoreTransaction(transaction, customer: customer,
                                                                           policy: policy, now: Timestamp(now())).json())
        } catch {
            throw Self.problem(error)
        }
    }

    /// `GET /v1/apps/{app}/customers/{customer}[?environment=sandbox]` (admin token).
    func customerDocument(_ request: HTTPRequest, app id: String, customer: String) throws(Problem) -> HTTPResponse {
        _ = try authorizedAdmin(request)
        let (service, policy) = try customerService(app: id)
        let customer = try Self.customerID(customer)
        let environment = try Self.environment(request.query["environment"].map(JSONValue.string))
        metrics.countCustomerLookup()
        do {
            return JSONBody.response(try service.document(of: customer, environment: environment, policy: policy,
                                                          now: Timestamp(now())).json())
        } catch {
            throw Self.problem(error)
        }
    }

    /// `DELETE /v1/apps/{app}/customers/{customer}` (admin token): 204 once the customer is forgotten.
    func forgetCustomer(_ request: HTTPRequest, app id: String, customer: String) throws(Problem) -> HTTPResponse {
        _ = try authorizedAdmin(request)
        let (service, _) = try customerService(app: id)
        let customer = try Self.customerID(customer)
        do {
            try service.forget(customer, app: id)
        } catch {
            throw Self.problem(error)
        }
        return HTTPResponse(status: 204, headers: [], body: [])
    }

    /// `POST /v1/apps/{app}/customers/{customer}/credits/{currency}/spend` (admin token),
    /// `{"amount", "idempotency_key", "environment"}` (`production` unless it says `sandbox`).
    func spendCredits(_ request: HTTPRequest, app id: String, customer: String, currency: String)
        throws(Problem) -> HTTPResponse
    {
        _ = try authorizedAdmin(request)
        let (service, _) = try customerService(app: id)
        let customer = try Self.customerID(customer)
        let control = currency.unicodeScalars.contains { $0.properties.generalCategory == .control }
        guard (1...256).contains(currency.utf8.count), !control else {
            throw Problem.invalidInput("the currency must be 1 to 256 bytes without control characters")
        }
        let body = try JSONBody.object(request.body)
        let unknown = body.keys.filter { !["amount", "idempotency_key", Self.environmentMember].contains($0) }.sorted()
        guard unknown.isEmpty else {
            throw Problem.invalidInput("unknown member '\(unknown[0])'; a spend takes 'amount', 'idempotency_key' "
                                       + "and 'environment'")
        }
        guard case .number(let number)? = body["amount"], let amount = Int64(exactly: number), amount > 0 else {
            throw Problem.invalidInput("'amount' must be a positive whole number")
        }
        guard case .string(let key)? = body["idempotency_key"], (1...256).contains(key.utf8.count) else {
            throw Problem.invalidInput("'idempotency_key' must be a string of 1 to 256 bytes")
        }
        let environment = try Self.environment(body[Self.environmentMember])
        do {
            return JSONBody.response(try service.spend(amount, of: currency, customer: customer, environment: environment,
                                                       idempotencyKey: key, app: id, now: Timestamp(now())).json())
        } catch {
            throw Self.problem(error)
        }
    }

    /// The input of an evaluation or a placement's context with `customer` in place of `entitlements`: the
    /// customer's entitlements, `synced`; `user_id` defaults to the customer. Nil when `members` names no customer.
    func customerInput(_ members: [String: JSONValue], app: AppService) throws(Problem)
        -> (input: EvaluationInput, customer: CustomerID)?
    {
        guard let named = members[Self.customerMember], named != .null else {
            if let environment = members[Self.environmentMember], environment != .null {
                throw Problem.invalidInput("'environment' chooses the purchases of a 'customer'; the input names none")
            }
            return nil
        }
        if let entitlements = members[EvaluationInput.Member.entitlements.rawValue], entitlements != .null {
            throw Problem(.conflictingInput, status: 400, title: "Conflicting input",
                          detail: "give either 'customer' or 'entitlements', not both")
        }
        guard case .string(let text) = named else { throw Problem.invalidInput("'customer' must be a string") }
        let input: EvaluationInput
        do {
            input = try EvaluationInput(value: .object(members))
        } catch {
            throw Problem.invalidInput(error.message)
        }
        return try customerInput(input, customer: text, environment: members[Self.environmentMember], app: app)
    }

    /// `input` with the entitlements of the customer named `text` in `environment` (production when nil), `synced`;
    /// `user_id` defaults to the customer.
    func customerInput(_ input: EvaluationInput, customer text: String, environment: JSONValue?, app: AppService)
        throws(Problem) -> (input: EvaluationInput, customer: CustomerID)
    {
        let customer = try Self.customerID(text)
        let environment = try Self.environment(environment)
        var input = input
        input.entitlements = try customerEntitlements(customer, environment: environment, app: app,
                                                      at: input.now ?? now())
        input.synced = true
        if input.user.userID == nil { input.user.userID = customer.text }
        return (input, customer)
    }

    /// `json`, an answer's object, with `"customer": "<id>"` added as its last member.
    static func adding(customer: CustomerID, to json: [UInt8]) -> [UInt8] {
        guard json.last == UInt8(ascii: "}"), json.count > 2 else { return json }
        var writer = JSONWriter(capacity: customer.text.utf8.count + 16)
        writer.string(customer.text)
        var json = json
        json.removeLast()
        json.reserveCapacity(json.count + writer.bytes.count + 13)
        json.append(contentsOf: #","customer":"#.utf8)
        json.append(contentsOf: writer.bytes)
        json.append(UInt8(ascii: "}"))
        return json
    }

    /// The entitlements the store confirmed for `customer` of `app`, as they stand at `time`.
    func customerEntitlements(_ customer: CustomerID, environment: StoreEnvironment, app: AppService, at time: Date)
        throws(Problem) -> [Entitlement]
    {
        guard let customers else { throw Self.noCustomers }
        metrics.countCustomerLookup()
        do {
            return try customers.entitlements(of: customer, environment: environment, policy: app.customerPolicy,
                                              now: Timestamp(time))
        } catch {
            throw Self.problem(error)
        }
    }

    /// The member naming a customer in an evaluation input, and the one choosing their purchases' environment.
    static let customerMember = "customer"
    static let environmentMember = "environment"

    // MARK: Helpers

    func customerService(app id: String) throws(Problem) -> (any CustomerService, CustomerPolicy) {
        let app = try app(id)
        guard let customers else { throw Self.noCustomers }
        return (customers, app.customerPolicy)
    }

    private static let noCustomers = Problem(.noStore, status: 503, title: "No customer store",
                                             detail: "this service keeps no customers")

    /// The customer id of a path or an input, or 400.
    static func customerID(_ text: String) throws(Problem) -> CustomerID {
        do {
            return try CustomerID(text)
        } catch {
            throw Problem.invalidInput(error.description)
        }
    }

    /// `production` unless `value` is `"sandbox"`; anything else is 400.
    static func environment(_ value: JSONValue?) throws(Problem) -> StoreEnvironment {
        guard let value, value != .null else { return .production }
        if case .string(let text) = value, let environment = StoreEnvironment(rawValue: text) { return environment }
        throw Problem.invalidInput("'environment' must be 'production' or 'sandbox'")
    }

    /// The one string member a signed-payload body holds.
    private static func signedMember(_ name: String, of body: [UInt8]) throws(Problem) -> String {
        let members = try JSONBody.object(body)
        guard case .string(let text)? = members[name], !text.isEmpty else {
            throw Problem.invalidInput("the body must be {\"\(name)\": \"<JWS>\"}")
        }
        return text
    }

    /// The problem a customer failure answers.
    static func problem(_ error: CustomerError) -> Problem {
        switch error {
        case .invalidSignature:
            Problem(.invalidSignature, status: 400, title: "Invalid signature", detail: error.description)
        case .wrongApp:
            Problem(.wrongApp, status: 400, title: "Another app's payload", detail: error.description)
        case .unsupportedEnvironment:
            Problem(.unsupportedEnvironment, status: 400, title: "Unsupported environment", detail: error.description)
        case .invalidPayload:
            Problem.invalidInput(error.description)
        case .purchaseOwnedByAnotherCustomer:
            Problem(.purchaseOwnedByAnotherCustomer, status: 409, title: "Purchase owned by another customer",
                    detail: error.description)
        case .insufficientCredits(_, let balance):
            Problem(.insufficientCredits, status: 409, title: "Insufficient credits", detail: error.description,
                    extra: Problem.Extra(balance: balance))
        case .storeUnavailable:
            Problem(.storeUnavailable, status: 503, title: "Store unavailable", detail: error.description)
        case .unauthenticated:
            Problem(.unauthorized, status: 401, title: "Unauthorized", detail: error.description)
        case .playUnavailable:
            Problem(.playUnavailable, status: 503, title: "Google Play unavailable", detail: error.description)
        case .purchaseNotFound:
            Problem(.purchaseNotFound, status: 404, title: "Purchase not found", detail: error.description)
        }
    }
}
