// Scaffold: this area's calls (issue 11).
export {};
