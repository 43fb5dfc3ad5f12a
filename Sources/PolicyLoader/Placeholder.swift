package enum PolicyLoaderPlaceholder {}
