import Customers
import Store

extension StoreConversion {
    /// The row that keeps `conversion`.
    init(_ conversion: Conversion) {
        self.init(transaction: conversion.transaction, environment: conversion.environment.rawValue,
                  time: conversion.time, product: conversion.product, value: conversion.value,
                  currency: conversion.currency, refunded: conversion.refunded)
    }
}

extension Conversion {
    /// The conversion `row` keeps; an environment other than `sandbox` is production.
    init(_ row: StoreConversion) {
        self.init(transaction: row.transaction, environment: StoreEnvironment(rawValue: row.environment) ?? .production,
                  time: row.time, product: row.product, value: row.value, currency: row.currency,
                  refunded: row.refunded)
    }
}
