package enum PolicyValidationPlaceholder {}
