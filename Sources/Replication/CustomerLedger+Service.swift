import Purchases
import Server

/// The store's customer ledger is the service's customers: the routes call it as it is.
extension CustomerLedger: CustomerService {}
