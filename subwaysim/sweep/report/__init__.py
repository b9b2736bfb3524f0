"""A sweep's report: summary.csv, compare.csv, report.md, the rich tables and the plots."""
