"""The app's screens: the unit designer, forces, the catalog browser, help, dialogs."""
