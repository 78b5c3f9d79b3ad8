// Scaffold: the calls of general settings (/general-settings) (issue 13).
export {};
