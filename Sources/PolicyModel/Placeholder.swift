package enum PolicyModelPlaceholder {}
