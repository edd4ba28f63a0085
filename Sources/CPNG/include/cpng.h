// placeholder: see the encode helper
