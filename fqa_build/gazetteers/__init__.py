"""Gazetteers: what the world's names are, read from well-kept libraries and the project's lexicons: places
(countries, states, cities, continents), person names (given names and gender) and countries as maps (names,
adjective, people, subregion). Every stage after NER reads them; none of them reads a stage."""
