"""The sheet model: what is printed on a score sheet, loaded from YAML and checked."""
