"""Writes the small source sample the project ships (`squad_sample.json`, `trivia_qa_sample/`).

The texts are the project's own, written for this sample. Run `python data/make_sample.py` after editing
them; answer offsets are computed here, so an answer that is not in its context fails loudly.
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (title, context, [(question, answer, occurrence)]); occurrence 0 is the answer's first appearance.
PARAGRAPHS: list[tuple[str, str, list[tuple[str, str, int]]]] = [
    (
        "Danube",
        "The Danube is the second-longest river in Europe. It rises in the Black Forest of Germany and flows "
        "for about 2,850 kilometres to the Black Sea. Ten countries lie along its course, and four capital cities, "
        "among them Vienna and Budapest, stand on its banks. Barges have carried grain on the river since the Middle Ages.",
        [
            ("Where does the Danube rise?", "Black Forest", 0),
            ("Into which sea does the river flow?", "Black Sea", 0),
            ("How many countries lie along the river?", "Ten", 0),
            ("Which capital besides Budapest stands on the river?", "Vienna", 0),
        ],
    ),
    (
        "Marie Curie",
        "Marie Curie was born in Warsaw in 1867 and moved to Paris in 1891 to study physics. With her husband "
        "Pierre Curie she discovered polonium and radium. In 1903 she shared the Nobel Prize in Physics, and in 1911 she "
        "received a second Nobel Prize, in Chemistry. Curie remains the only person honoured in two different sciences.",
        [
            ("In which city was Marie Curie born?", "Warsaw", 0),
            ("When did she move to Paris?", "1891", 0),
            ("In what year did she receive the prize in Chemistry?", "1911", 0),
            ("Who was her husband?", "Pierre Curie", 0),
        ],
    ),
    (
        "Panama Canal",
        "The Panama Canal opened on August 15, 1914, after a decade of work by the United States. It "
        "links the Atlantic Ocean with the Pacific Ocean and saves ships a voyage around Cape Horn. About 14,000 vessels "
        "pass through it each year. Control of the canal passed to Panama on December 31, 1999.",
        [
            ("When did the Panama Canal open?", "August 15, 1914", 0),
            ("Which country built the canal?", "United States", 0),
            ("How many vessels use the canal each year?", "14,000", 0),
            ("When did Panama take control of the canal?", "December 31, 1999", 0),
        ],
    ),
    (
        "Beethoven",
        "Ludwig van Beethoven was born in Bonn in 1770. As a young man he moved to Vienna, where he studied "
        "with Joseph Haydn. Beethoven wrote nine symphonies, and by the time his Ninth Symphony was first performed in "
        "1824 he had lost almost all of his hearing. Beethoven died in Vienna three years later.",
        [
            ("Where was Beethoven born?", "Bonn", 0),
            ("With whom did he study in Vienna?", "Joseph Haydn", 0),
            ("How many symphonies did he write?", "nine", 0),
            ("When was the Ninth Symphony first performed?", "1824", 0),
        ],
    ),
    (
        "Beethoven",
        "In Vienna the young composer met many musicians. Antonio Salieri taught him to set words to music, "
        "Ferdinand Ries became his pupil and copyist, and Carl Czerny later taught the piano to a generation of "
        "players. Anton Schindler wrote an early account of his life.",
        [
            ("Who taught him to set words to music?", "Antonio Salieri", 0),
            ("Who became his pupil and copyist?", "Ferdinand Ries", 0),
            ("Who wrote an early account of his life?", "Anton Schindler", 0),
        ],
    ),
    (
        "Amazon rainforest",
        "The Amazon rainforest covers much of the Amazon basin in South America. Brazil holds about "
        "60 percent of the forest, followed by Peru and Colombia. Scientists estimate that the forest is home to 390 "
        "billion trees. Portuguese explorers reached the lower river in the 1540s.",
        [
            ("Which country holds the largest share of the forest?", "Brazil", 0),
            ("Which country follows Brazil?", "Peru", 0),
            ("Who reached the lower river in the 1540s?", "Portuguese", 0),
        ],
    ),
    (
        "Apollo 11",
        "Apollo 11 launched from the Kennedy Space Center on July 16, 1969. Four days later Neil Armstrong "
        "and Buzz Aldrin landed on the Moon, while Michael Collins stayed in orbit. Armstrong spent about two and a half "
        "hours outside the lunar module. The crew returned to Earth on July 24, 1969, landing in the Pacific Ocean.",
        [
            ("From where did Apollo 11 launch?", "Kennedy Space Center", 0),
            ("Who stayed in orbit?", "Michael Collins", 0),
            ("When did the crew return to Earth?", "July 24, 1969", 0),
            ("Who landed on the Moon with Buzz Aldrin?", "Neil Armstrong", 0),
        ],
    ),
    (
        "Apollo 11",
        "The flight was directed from Houston. Gene Kranz led the flight controllers during the descent, and "
        "Charles Duke spoke to the crew as the capsule communicator. Thomas Paine ran the space agency at the time, "
        "and Robert Gilruth directed the centre that trained the astronauts.",
        [
            ("Who led the flight controllers during the descent?", "Gene Kranz", 0),
            ("Who ran the space agency at the time?", "Thomas Paine", 0),
            ("Who directed the centre that trained the astronauts?", "Robert Gilruth", 0),
        ],
    ),
    (
        "Great Fire of London",
        "The Great Fire of London began in a bakery on Pudding Lane on 2 September 1666. It burned "
        "for four days and destroyed more than 13,000 houses and 87 parish churches. Christopher Wren later designed the "
        "new St Paul's Cathedral. King Charles II ordered that the city be rebuilt in brick and stone.",
        [
            ("Where did the fire begin?", "Pudding Lane", 0),
            ("How many houses were destroyed?", "13,000", 0),
            ("Who designed the new cathedral?", "Christopher Wren", 0),
            ("How many parish churches burned?", "87", 0),
        ],
    ),
    (
        "Toyota",
        "Toyota Motor Corporation was founded by Kiichiro Toyoda in 1937. Its headquarters are in Toyota City, "
        "in Aichi Prefecture of Japan. The Corolla, first sold in 1966, became one of the best-selling cars in history. "
        "In 1997 Toyota introduced the Prius, an early mass-produced hybrid car.",
        [
            ("Who founded Toyota?", "Kiichiro Toyoda", 0),
            ("In what year was the company founded?", "1937", 0),
            ("In which country is the headquarters?", "Japan", 0),
            ("When was the Prius introduced?", "1997", 0),
        ],
    ),
    (
        "Nile",
        "The Nile flows north through eleven countries before it reaches the Mediterranean Sea. Its two main "
        "branches, the White Nile and the Blue Nile, meet at Khartoum, the capital of Sudan. The Aswan High Dam, "
        "finished in 1970, ended the yearly floods in Egypt.",
        [
            ("Into which sea does the Nile flow?", "Mediterranean Sea", 0),
            ("Where do the two branches meet?", "Khartoum", 0),
            ("When was the Aswan High Dam finished?", "1970", 0),
            ("How many countries does the Nile cross?", "eleven", 0),
        ],
    ),
    (
        "William Shakespeare",
        "William Shakespeare was baptised in Stratford-upon-Avon in 1564. He moved to London, where "
        "he acted with the Lord Chamberlain's Men and wrote about 39 plays. The Globe Theatre opened in 1599. Shakespeare "
        "returned to Stratford-upon-Avon, where he died in 1616.",
        [
            ("Where was Shakespeare baptised?", "Stratford-upon-Avon", 0),
            ("When did the Globe Theatre open?", "1599", 0),
            ("How many plays did he write?", "39", 0),
            ("In what year did he die?", "1616", 0),
        ],
    ),
    (
        "Mount Everest",
        "Mount Everest rises 8,849 metres above sea level on the border between Nepal and China. Edmund "
        "Hillary of New Zealand and Tenzing Norgay first reached the summit on 29 May 1953. Hillary later worked to build "
        "schools and hospitals for the Sherpa people.",
        [
            ("How high is Mount Everest?", "8,849 metres", 0),
            ("Who reached the summit with Tenzing Norgay?", "Edmund Hillary", 0),
            ("When was the summit first reached?", "29 May 1953", 0),
            ("Which people did he build schools for?", "Sherpa", 0),
        ],
    ),
    (
        "Red Cross",
        "The International Committee of the Red Cross was founded in Geneva in 1863. Henry Dunant proposed it "
        "after he saw the wounded left on the field at the Battle of Solferino. Dunant received the first Nobel Peace Prize "
        "in 1901. The committee has received the prize three times.",
        [
            ("Where was the committee founded?", "Geneva", 0),
            ("Who proposed the committee?", "Henry Dunant", 0),
            ("Which battle moved him?", "Battle of Solferino", 0),
            ("How many times has the committee received the prize?", "three", 0),
        ],
    ),
    (
        "Sydney Opera House",
        "The Sydney Opera House was designed by the Danish architect Jørn Utzon. Building began in "
        "1959 and the house was opened by Queen Elizabeth II on 20 October 1973. It stands on Bennelong Point in Sydney "
        "Harbour and hosts about 1,500 performances a year.",
        [
            ("Who designed the Sydney Opera House?", "Jørn Utzon", 0),
            ("When was it opened?", "20 October 1973", 0),
            ("What nationality was the architect?", "Danish", 0),
            ("How many performances does it host a year?", "1,500", 0),
        ],
    ),
    (
        "Gutenberg",
        "Johannes Gutenberg introduced printing with movable type in Mainz around 1450. His Bible, finished "
        "about 1455, was printed in Latin in roughly 180 copies. Within fifty years, presses were working in more than 200 "
        "towns across Europe.",
        [
            ("Where did Gutenberg introduce movable type?", "Mainz", 0),
            ("In which language was the Bible printed?", "Latin", 0),
            ("About how many copies were printed?", "180", 0),
            ("In how many towns were presses working?", "200", 0),
        ],
    ),
    (
        "Eiffel Tower",
        "The Eiffel Tower was built for the 1889 World's Fair in Paris. Gustave Eiffel's company designed "
        "and built it in two years, two months and five days. At 300 metres, it was the tallest structure in the world "
        "until the Chrysler Building was finished in New York in 1930.",
        [
            ("For which event was the tower built?", "World's Fair", 0),
            ("Whose company built the tower?", "Gustave Eiffel", 0),
            ("Which building overtook it?", "Chrysler Building", 0),
            ("When was that building finished?", "1930", 0),
        ],
    ),
    (
        "Penicillin",
        "Alexander Fleming noticed in 1928 that a mould had killed the bacteria on one of his plates at St "
        "Mary's Hospital in London. Howard Florey and Ernst Chain turned the discovery into a medicine during the Second "
        "World War. The three men shared the Nobel Prize in Physiology or Medicine in 1945.",
        [
            ("Who noticed the mould?", "Alexander Fleming", 0),
            ("When did he notice it?", "1928", 0),
            ("Who worked with Ernst Chain on the medicine?", "Howard Florey", 0),
            ("When did they share the Nobel Prize?", "1945", 0),
        ],
    ),
    (
        "Hanseatic League",
        "The Hanseatic League was an alliance of merchant guilds and market towns in northern Europe. "
        "Lübeck served as its leading city for most of its history. The league controlled trade on the Baltic Sea from the "
        "13th century to the 15th century, and its last general assembly met in 1669.",
        [
            ("Which city led the Hanseatic League?", "Lübeck", 0),
            ("Which sea did it control?", "Baltic Sea", 0),
            ("When did its last assembly meet?", "1669", 0),
        ],
    ),
    (
        "Galileo",
        "Galileo Galilei was born in Pisa in 1564. In 1610 he used a telescope to find four moons orbiting "
        "Jupiter. His support for the ideas of Nicolaus Copernicus brought him before the Roman Inquisition in 1633, and "
        "Galileo spent the rest of his life under house arrest near Florence.",
        [
            ("Where was Galileo born?", "Pisa", 0),
            ("How many moons did he find?", "four", 0),
            ("Whose ideas did he support?", "Nicolaus Copernicus", 0),
            ("When was he tried?", "1633", 0),
        ],
    ),
    (
        "Tour de France",
        "The Tour de France was first held in 1903, organised by the newspaper L'Auto. Maurice Garin won "
        "the first race, which had six stages. Today the race covers about 3,500 kilometres over 21 stages in July and "
        "ends on the Champs-Élysées in Paris.",
        [
            ("When was the race first held?", "1903", 0),
            ("Who won the first race?", "Maurice Garin", 0),
            ("How many stages does the race have today?", "21", 0),
            ("Which newspaper organised it?", "L'Auto", 0),
        ],
    ),
    (
        "Berlin Wall",
        "The Berlin Wall was built by the German Democratic Republic in August 1961. It divided the city for "
        "28 years. On 9 November 1989, after weeks of protests, the border crossings were opened, and Germany was reunified "
        "on 3 October 1990.",
        [
            ("Who built the Berlin Wall?", "German Democratic Republic", 0),
            ("For how many years did it divide the city?", "28", 0),
            ("When were the crossings opened?", "9 November 1989", 0),
            ("When was Germany reunified?", "3 October 1990", 0),
        ],
    ),
    (
        "Ada Lovelace",
        "Ada Lovelace was the daughter of the poet Lord Byron. She worked with Charles Babbage on his "
        "Analytical Engine and in 1843 published notes that included the first published algorithm meant for a machine. "
        "Lovelace died in London at the age of 36.",
        [
            ("Who was her father?", "Lord Byron", 0),
            ("With whom did she work?", "Charles Babbage", 0),
            ("When did she publish her notes?", "1843", 0),
            ("At what age did she die?", "36", 0),
        ],
    ),
    (
        "Mayan civilization",
        "The Maya built cities such as Tikal and Palenque in present-day Guatemala and Mexico. Their "
        "calendar counted a cycle of 365 days. Many Maya cities in the southern lowlands were abandoned during the 9th "
        "century, long before Spanish soldiers arrived in the 1520s.",
        [
            ("Which city besides Palenque did the Maya build?", "Tikal", 0),
            ("How many days did their calendar cycle count?", "365", 0),
            ("Who arrived in the 1520s?", "Spanish", 0),
        ],
    ),
    (
        "Suez Canal",
        "The Suez Canal connects the Mediterranean Sea with the Red Sea. It was built by a company led by "
        "Ferdinand de Lesseps and opened in November 1869. Egypt nationalised the canal in 1956, which led to the Suez "
        "Crisis with Britain, France and Israel.",
        [
            ("Who led the company that built the canal?", "Ferdinand de Lesseps", 0),
            ("When did the canal open?", "November 1869", 0),
            ("When was the canal nationalised?", "1956", 0),
            ("Which crisis followed?", "Suez Crisis", 0),
        ],
    ),
    (
        "Oxford",
        "The University of Oxford is the oldest university in the English-speaking world; teaching there is "
        "recorded from 1096. It is made up of 39 colleges. The Bodleian Library, opened to readers in 1602, holds more "
        "than 13 million printed items.",
        [
            ("Since when is teaching recorded at Oxford?", "1096", 0),
            ("How many colleges make up the university?", "39", 0),
            ("Which library opened in 1602?", "Bodleian Library", 0),
        ],
    ),
    (
        "Magellan",
        "Ferdinand Magellan left Spain in September 1519 with five ships to find a western route to the Spice "
        "Islands. He was killed in the Philippines in 1521. Juan Sebastián Elcano brought the last ship, the Victoria, back "
        "to Spain in 1522 with 18 men.",
        [
            ("When did Magellan leave Spain?", "September 1519", 0),
            ("Where was Magellan killed?", "Philippines", 0),
            ("Who brought the last ship back?", "Juan Sebastián Elcano", 0),
            ("How many men returned?", "18", 0),
        ],
    ),
    (
        "Olympic Games",
        "The first modern Olympic Games were held in Athens in 1896, at the suggestion of Pierre de "
        "Coubertin. About 240 athletes from 14 nations took part. The Winter Olympics began in Chamonix, France, in 1924.",
        [
            ("Where were the first modern Games held?", "Athens", 0),
            ("Who suggested the Games?", "Pierre de Coubertin", 0),
            ("How many nations took part?", "14", 0),
            ("Where did the Winter Olympics begin?", "Chamonix", 0),
        ],
    ),
    (
        "Silk Road",
        "The Silk Road linked China with the Mediterranean world for more than 1,500 years. Chinese silk, "
        "Persian silver and Indian spices moved along its routes. The Venetian merchant Marco Polo travelled the road in "
        "the 1270s and later described the court of Kublai Khan.",
        [
            ("Which merchant travelled the road in the 1270s?", "Marco Polo", 0),
            ("Whose court did he describe?", "Kublai Khan", 0),
            ("For how many years did the road link China with the Mediterranean?", "1,500", 0),
        ],
    ),
    (
        "Titanic",
        "RMS Titanic left Southampton on 10 April 1912 on her first voyage to New York. She struck an iceberg "
        "in the North Atlantic four days later and sank early on 15 April 1912. More than 1,500 people died. The ship had "
        "been built by Harland and Wolff in Belfast.",
        [
            ("From where did Titanic leave?", "Southampton", 0),
            ("When did she sink?", "15 April 1912", 0),
            ("Which company built the ship?", "Harland and Wolff", 0),
            ("In which city was the ship built?", "Belfast", 0),
        ],
    ),
    (
        "Louvre",
        "The Louvre in Paris opened as a museum on 10 August 1793. It holds about 35,000 works on display, among "
        "them the Mona Lisa by Leonardo da Vinci. The glass pyramid at its entrance was designed by I. M. Pei and finished "
        "in 1989.",
        [
            ("When did the Louvre open as a museum?", "10 August 1793", 0),
            ("Who painted the Mona Lisa?", "Leonardo da Vinci", 0),
            ("Who designed the glass pyramid?", "I. M. Pei", 0),
            ("When was the pyramid finished?", "1989", 0),
        ],
    ),
    (
        "Charles Darwin",
        "Charles Darwin sailed around the world on HMS Beagle between 1831 and 1836. The finches and "
        "tortoises of the Galápagos Islands shaped his thinking. Darwin published On the Origin of Species in 1859, and "
        "Alfred Russel Wallace reached similar ideas on his own.",
        [
            ("On which ship did Darwin sail?", "HMS Beagle", 0),
            ("Which islands shaped his thinking?", "Galápagos Islands", 0),
            ("When did he publish his book?", "1859", 0),
            ("Who reached similar ideas independently?", "Alfred Russel Wallace", 0),
        ],
    ),
    (
        "Trans-Siberian Railway",
        "The Trans-Siberian Railway runs 9,289 kilometres from Moscow to Vladivostok. Work began "
        "in 1891 under Tsar Alexander III and the main line was finished in 1916. A journey on the full route takes about "
        "seven days.",
        [
            ("Where does the railway end?", "Vladivostok", 0),
            ("When did work begin?", "1891", 0),
            ("Under which tsar did work begin?", "Alexander III", 0),
            ("How long does the full journey take?", "seven days", 0),
        ],
    ),
    (
        "Nelson Mandela",
        "Nelson Mandela was held in prison for 27 years, most of them on Robben Island. After his release "
        "in 1990 he led the African National Congress in talks to end apartheid. In 1994 Mandela became the first Black "
        "president of South Africa.",
        [
            ("For how many years was Mandela in prison?", "27", 0),
            ("Where did he spend most of those years?", "Robben Island", 0),
            ("Which party did he lead?", "African National Congress", 0),
            ("When did he become president?", "1994", 0),
        ],
    ),
    (
        "Venice",
        "Venice is built on 118 small islands in a lagoon of the Adriatic Sea. For a thousand years it was the "
        "capital of the Republic of Venice, which ended when Napoleon took the city in 1797. About 50,000 people live in "
        "the historic centre today.",
        [
            ("On how many islands is Venice built?", "118", 0),
            ("Who took the city in 1797?", "Napoleon", 0),
            ("Which sea holds the lagoon?", "Adriatic Sea", 0),
            ("How many people live in the centre today?", "50,000", 0),
        ],
    ),
    (
        "Wright brothers",
        "Orville Wright and Wilbur Wright made the first powered, controlled aeroplane flight near Kitty "
        "Hawk, North Carolina, on 17 December 1903. The first flight lasted 12 seconds. The brothers had run a bicycle shop "
        "in Dayton, Ohio, where they built their early machines.",
        [
            ("Near which town was the first flight made?", "Kitty Hawk", 0),
            ("When was the first flight?", "17 December 1903", 0),
            ("How long did the first flight last?", "12 seconds", 0),
            ("In which city did the brothers run a shop?", "Dayton", 0),
        ],
    ),
    (
        "Hubble Space Telescope",
        "The Hubble Space Telescope was launched by the Space Shuttle Discovery on April 24, 1990. "
        "A flaw in its main mirror was corrected by astronauts in December 1993. The telescope is named after Edwin "
        "Hubble, who showed that the universe is expanding.",
        [
            ("Which shuttle launched the telescope?", "Discovery", 0),
            ("When was it launched?", "April 24, 1990", 0),
            ("When was the mirror flaw corrected?", "December 1993", 0),
            ("After whom is it named?", "Edwin Hubble", 0),
        ],
    ),
    (
        "Machu Picchu",
        "Machu Picchu is an Inca citadel high in the Andes of Peru. It was built around 1450 for the "
        "emperor Pachacuti and abandoned about a century later. The American explorer Hiram Bingham brought it to "
        "international attention in 1911.",
        [
            ("For which emperor was it built?", "Pachacuti", 0),
            ("In which mountains does it stand?", "Andes", 0),
            ("Who brought it to international attention?", "Hiram Bingham", 0),
            ("When did he do so?", "1911", 0),
        ],
    ),
    (
        "Seven Years' War",
        "The Seven Years' War was fought from 1756 to 1763. Britain and Prussia fought against France, "
        "Austria and Russia in Europe, India and North America. The Treaty of Paris in 1763 gave Canada to Britain.",
        [
            ("When did the war end?", "1763", 1),
            ("Which treaty ended it?", "Treaty of Paris", 0),
            ("Which country fought beside Britain?", "Prussia", 0),
        ],
    ),
    (
        "Guggenheim Bilbao",
        "The Guggenheim Museum Bilbao was designed by the Canadian-American architect Frank Gehry and "
        "opened in October 1997. Its curved titanium walls stand beside the Nervión River. In its first three years the "
        "museum drew about 4 million visitors to Bilbao.",
        [
            ("Who designed the museum?", "Frank Gehry", 0),
            ("When did it open?", "October 1997", 0),
            ("Beside which river does it stand?", "Nervión River", 0),
            ("How many visitors came in its first three years?", "4 million", 0),
        ],
    ),
    (
        "Hawaii",
        "Hawaii became the 50th state of the United States on August 21, 1959. The islands were united under King "
        "Kamehameha I in 1810. Honolulu, on the island of Oahu, is the state capital and its largest city.",
        [
            ("When did Hawaii become a state?", "August 21, 1959", 0),
            ("Who united the islands?", "Kamehameha I", 0),
            ("What is the capital?", "Honolulu", 0),
            ("On which island is the capital?", "Oahu", 0),
        ],
    ),
    (
        "Rosetta Stone",
        "The Rosetta Stone was found by French soldiers in 1799 near the town of Rashid in Egypt. It carries "
        "the same decree in three scripts. Jean-François Champollion used it to decipher hieroglyphs in 1822. The stone has "
        "been kept in the British Museum since 1802.",
        [
            ("Who found the stone?", "French", 0),
            ("Who deciphered the hieroglyphs?", "Jean-François Champollion", 0),
            ("Where is the stone kept?", "British Museum", 0),
            ("Since when has it been kept there?", "1802", 0),
        ],
    ),
]

# TriviaQA rc style: questions with Wikipedia-style evidence documents (one file per article).
EVIDENCE: dict[str, str] = {
    "Lighthouse_of_Alexandria.txt": (
        "The Lighthouse of Alexandria, sometimes called the Pharos of Alexandria, was a lighthouse built by the "
        "Ptolemaic Kingdom of Egypt. It stood on the island of Pharos at the harbour of Alexandria.\n\n"
        "History\n\nConstruction began under Ptolemy I Soter and was completed during the reign of his son, Ptolemy II "
        "Philadelphus, around 280 BC. The architect is traditionally named as Sostratus of Cnidus. The tower was "
        "probably more than 100 metres tall, which made it one of the tallest structures made by people for many "
        "centuries. Ancient writers counted it among the Seven Wonders of the Ancient World.\n\n"
        "The lighthouse had three stages: a square lower section with a central core, an octagonal middle section, "
        "and a circular section at the top. A mirror reflected sunlight during the day, and a fire was lit at night. "
        "Coins struck in Alexandria show the tower with a statue on its summit, which some scholars think showed "
        "Zeus, while others name Poseidon.\n\n"
        "Decline\n\nThe lighthouse was damaged by earthquakes in 956 and again in 1303 and 1323. The traveller Ibn "
        "Battuta visited in 1349 and found the ruins too damaged to enter. In 1480 the Mamluk sultan Qaitbay built a "
        "fortress on the site, using some of the fallen stone. The Citadel of Qaitbay still stands there today.\n\n"
        "Rediscovery\n\nIn 1994 French archaeologists led by Jean-Yves Empereur found remains of the lighthouse on the "
        "floor of the eastern harbour. Divers raised several blocks and statues, and the site has since been studied "
        "by teams from Egypt and France. The name Pharos became the word for lighthouse in several languages, such "
        "as French phare and Italian faro."
    ),
    "Ernest_Shackleton.txt": (
        "Sir Ernest Henry Shackleton was an Anglo-Irish explorer who led three British expeditions to the Antarctic. "
        "He was born on 15 February 1874 in Kilkea, County Kildare, Ireland, and his family moved to London when he "
        "was ten.\n\n"
        "Early expeditions\n\nShackleton first went south as a member of the Discovery expedition of 1901 to 1904, "
        "led by Robert Falcon Scott. He was sent home early because of poor health. On the Nimrod expedition of 1907 "
        "to 1909 he and three companions set a record by marching to within 97 nautical miles of the South Pole. For "
        "this he was knighted by King Edward VII.\n\n"
        "Endurance\n\nAfter Roald Amundsen reached the South Pole in December 1911, Shackleton planned to cross the "
        "continent. His ship, the Endurance, was trapped in the ice of the Weddell Sea in January 1915 and crushed "
        "ten months later. The crew camped on the drifting ice and then sailed three small boats to Elephant Island. "
        "Shackleton and five men sailed the lifeboat James Caird some 1,300 kilometres to South Georgia, crossed its "
        "mountains on foot, and reached the whaling station at Stromness in May 1916. All 28 men of the party "
        "survived.\n\n"
        "Death\n\nShackleton died of a heart attack on 5 January 1922 aboard the Quest, moored at South Georgia, at "
        "the start of his fourth expedition. At the request of his wife, Emily, he was buried at Grytviken. In 2022 "
        "the wreck of the Endurance was found in the Weddell Sea at a depth of about 3,000 metres."
    ),
    "Ottoman_Empire.txt": (
        "The Ottoman Empire was a state that controlled much of southeastern Europe, western Asia and northern "
        "Africa between the 14th and early 20th centuries. It was founded at the end of the 13th century in "
        "northwestern Anatolia by the Turkoman tribal leader Osman I.\n\n"
        "Expansion\n\nIn 1453 the Ottomans under Mehmed II captured Constantinople, ending the Byzantine Empire, and "
        "the city became the new capital. Under Suleiman the Magnificent, who ruled from 1520 to 1566, the empire "
        "reached the height of its power. His armies besieged Vienna in 1529 without success, and his navy controlled "
        "much of the Mediterranean Sea.\n\n"
        "Administration\n\nThe sultan ruled with the help of a grand vizier and the imperial council. The elite "
        "infantry of the empire, the Janissaries, were recruited through a levy of boys from Christian families in "
        "the Balkans. Provinces were governed by beys and pashas who collected taxes and raised troops.\n\n"
        "Decline and end\n\nA second siege of Vienna failed in 1683, and over the next two centuries the empire lost "
        "territory to Austria and Russia. It joined the Central Powers in the First World War. After the war the "
        "sultanate was abolished on 1 November 1922, and the Republic of Turkey was proclaimed in Ankara on 29 "
        "October 1923 under Mustafa Kemal Atatürk."
    ),
    "Coffee.txt": (
        "Coffee is a drink made from the roasted seeds of the Coffea plant. The two most common species are Coffea "
        "arabica and Coffea canephora, known as robusta.\n\n"
        "History\n\nThe earliest reliable evidence of coffee drinking comes from Sufi shrines in Yemen in the 15th "
        "century. Legends place the discovery of the plant in Ethiopia, where a goat herder named Kaldi is said to "
        "have noticed the energy of his goats after they ate the berries. From Yemen, coffee spread to Mecca and "
        "Cairo, and the first coffeehouse in Constantinople opened in 1555.\n\n"
        "Coffee reached Europe through Venice in the early 17th century. The first coffeehouse in England opened in "
        "Oxford in 1650. The Dutch East India Company grew coffee on Java from the 1690s, and French colonists took "
        "plants to Martinique in the 1720s.\n\n"
        "Production\n\nBrazil has been the largest producer of coffee since the 1840s and grows about a third of the "
        "world's supply. Vietnam, Colombia and Indonesia follow. Around 10 million tonnes of green coffee are "
        "produced each year. The International Coffee Organization, based in London, was founded in 1963 to manage "
        "the trade among producing and consuming countries."
    ),
    "Rosalind_Franklin.txt": (
        "Rosalind Elsie Franklin was an English chemist and X-ray crystallographer whose work was central to "
        "understanding the structure of DNA. She was born in Notting Hill, London, on 25 July 1920.\n\n"
        "Education\n\nFranklin studied natural sciences at Newnham College, Cambridge, and graduated in 1941. During "
        "the Second World War she studied the structure of coal for the British Coal Utilisation Research "
        "Association. From 1947 to 1950 she worked in Paris, where she learned X-ray diffraction.\n\n"
        "DNA\n\nIn 1951 Franklin joined King's College London. With her student Raymond Gosling she took X-ray "
        "images of DNA fibres, among them the image known as Photo 51, taken in May 1952. Without her knowledge, the "
        "image was shown to James Watson, who with Francis Crick published a model of the double helix in April "
        "1953.\n\n"
        "Later work\n\nAt Birkbeck College she led studies of the tobacco mosaic virus and the polio virus. She died "
        "of ovarian cancer in London on 16 April 1958 at the age of 37. Watson, Crick and Maurice Wilkins received "
        "the Nobel Prize in Physiology or Medicine in 1962; the prize is not awarded after death."
    ),
    "Krakatoa.txt": (
        "Krakatoa is a volcanic island in the Sunda Strait between the islands of Java and Sumatra in Indonesia. "
        "The name is also used for the group of islands around it.\n\n"
        "1883 eruption\n\nThe eruption that began in May 1883 reached its climax on 27 August 1883, when a series of "
        "explosions destroyed most of the island. The final explosion was heard more than 4,800 kilometres away on "
        "the island of Rodrigues, near Mauritius. Tsunamis up to 30 metres high struck the coasts of Java and "
        "Sumatra, and at least 36,000 people died.\n\n"
        "Ash thrown into the atmosphere lowered average summer temperatures in the Northern Hemisphere by about 0.4 "
        "degrees Celsius in the following year. Vivid red sunsets were seen around the world for months, and some "
        "scholars suggest that the sky in the painting The Scream by Edvard Munch reflects them.\n\n"
        "Anak Krakatau\n\nIn December 1927 a new island, Anak Krakatau, meaning Child of Krakatoa, rose from the sea "
        "in the caldera. It has erupted many times since. On 22 December 2018 part of its flank collapsed into the "
        "sea and caused a tsunami that killed more than 400 people on the coasts of the strait."
    ),
    "Panama_Canal.txt": (
        "The Panama Canal is a waterway of about 82 kilometres across the Isthmus of Panama that joins the Atlantic "
        "Ocean to the Pacific Ocean. Ships are raised and lowered by three sets of locks to and from Gatun Lake.\n\n"
        "French attempt\n\nA French company led by Ferdinand de Lesseps, who had built the Suez Canal, began work in "
        "1881. Yellow fever and malaria killed thousands of workers, and the company went bankrupt in 1889.\n\n"
        "American construction\n\nThe United States bought the French assets and took over the works in 1904. The "
        "chief engineer John Frank Stevens planned the lock system, and George Washington Goethals completed it. "
        "William C. Gorgas directed the campaign against mosquitoes that ended yellow fever in the Canal Zone. The "
        "canal opened on 15 August 1914, when the cargo ship Ancon made the first official transit.\n\n"
        "Handover and expansion\n\nUnder treaties signed by Jimmy Carter and Omar Torrijos in 1977, the canal passed "
        "to Panama at noon on 31 December 1999. A third set of larger locks, built for the Neopanamax ships, opened "
        "in 2016. About 14,000 ships pass through the canal in a typical year."
    ),
    "Eiffel_Tower.txt": (
        "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris. It is named after the "
        "engineer Gustave Eiffel, whose company designed and built it.\n\n"
        "Construction\n\nThe tower was built as the entrance arch of the Exposition Universelle, the world's fair "
        "held to mark the centenary of the French Revolution. Work on the foundations began in January 1887, and "
        "about 300 workers joined some 18,000 iron parts with two and a half million rivets. The tower opened to the "
        "public in May 1889 and was the tallest structure made by people until the Chrysler Building in New York "
        "was finished in 1930.\n\n"
        "Later history\n\nThe permit for the tower was a temporary one, and it was to be taken down in 1909. It was "
        "kept because it served as a radio antenna. The first lifts were replaced in 1899, and an aerial added in "
        "1957 made the tower taller than the Chrysler Building again. About seven million people visit it in a year."
    ),
    "Hamburg.txt": (
        "Hamburg is the second-largest city in Germany after Berlin, with about 1.9 million inhabitants. It lies on "
        "the River Elbe, about 110 kilometres from the North Sea.\n\n"
        "History\n\nThe city grew from a fortress built on the orders of Charlemagne in the early 9th century. In "
        "1189 Frederick Barbarossa granted the city freedom from customs on the lower Elbe, and Hamburg became one of "
        "the leading members of the Hanseatic League. The Great Fire of May 1842 destroyed about a quarter of the "
        "inner city.\n\n"
        "During the Second World War, air raids in July 1943 known as Operation Gomorrah killed some 37,000 people. "
        "After the war the city became a state of the Federal Republic of Germany.\n\n"
        "Economy and culture\n\nThe Port of Hamburg is the largest port in Germany and one of the busiest in Europe. "
        "The Speicherstadt, a warehouse district built from 1883, was named a World Heritage Site in 2015. The "
        "Elbphilharmonie concert hall, designed by Herzog & de Meuron, opened on 11 January 2017. The Beatles played "
        "in clubs on the Reeperbahn from 1960 to 1962 before they became famous."
    ),
}

# (QuestionId, question, answer value, aliases, [evidence file names])
TRIVIA: list[tuple[str, str, str, list[str], list[str]]] = [
    (
        "fq_t1",
        "Which sultan built a fortress on the site of the Pharos lighthouse?",
        "Qaitbay",
        ["Sultan Qaitbay", "Qaytbay"],
        ["Lighthouse_of_Alexandria.txt"],
    ),
    (
        "fq_t2",
        "On which island did the crew of the Endurance camp before the boat journey to South Georgia?",
        "Elephant Island",
        ["Elephant Isle"],
        ["Ernest_Shackleton.txt"],
    ),
    (
        "fq_t3",
        "Where was the explorer Ernest Shackleton buried?",
        "Grytviken",
        ["Grytviken, South Georgia"],
        ["Ernest_Shackleton.txt"],
    ),
    (
        "fq_t4",
        "Which Ottoman sultan captured Constantinople in 1453?",
        "Mehmed II",
        ["Mehmed the Conqueror", "Mehmet II"],
        ["Ottoman_Empire.txt"],
    ),
    ("fq_t5", "In which city was the Republic of Turkey proclaimed?", "Ankara", ["Angora"], ["Ottoman_Empire.txt"]),
    (
        "fq_t6",
        "In which English city did the first coffeehouse in England open?",
        "Oxford",
        ["Oxford, England"],
        ["Coffee.txt"],
    ),
    (
        "fq_t7",
        "Which country has been the largest producer of coffee since the 1840s?",
        "Brazil",
        ["Brasil", "Federative Republic of Brazil"],
        ["Coffee.txt"],
    ),
    (
        "fq_t8",
        "With which student did Rosalind Franklin take the image known as Photo 51?",
        "Raymond Gosling",
        ["Gosling"],
        ["Rosalind_Franklin.txt"],
    ),
    (
        "fq_t9",
        "On what date in 1883 did the eruption of Krakatoa reach its climax?",
        "27 August 1883",
        ["August 27, 1883"],
        ["Krakatoa.txt"],
    ),
    (
        "fq_t10",
        "Which Holy Roman Emperor granted Hamburg freedom from customs in 1189?",
        "Frederick Barbarossa",
        ["Frederick I", "Barbarossa"],
        ["Hamburg.txt"],
    ),
    (
        "fq_t11",
        "Which architects designed the Elbphilharmonie?",
        "Herzog & de Meuron",
        ["Herzog and de Meuron"],
        ["Hamburg.txt"],
    ),
    (
        "fq_t12",
        "In what year did the Mamluk sultan Qaitbay build a fortress on the site of the Pharos?",
        "1480",
        [],
        ["Lighthouse_of_Alexandria.txt"],
    ),
    (
        "fq_t13",
        "In which year did French archaeologists find remains of the Pharos lighthouse in the harbour?",
        "1994",
        [],
        ["Lighthouse_of_Alexandria.txt"],
    ),
    ("fq_t14", "In which year was Ernest Shackleton born?", "1874", [], ["Ernest_Shackleton.txt"]),
    (
        "fq_t15",
        "In what year was the wreck of Shackleton's ship Endurance found?",
        "2022",
        [],
        ["Ernest_Shackleton.txt"],
    ),
    (
        "fq_t16",
        "How many men of Shackleton's Endurance party survived?",
        "28",
        ["twenty-eight"],
        ["Ernest_Shackleton.txt"],
    ),
    ("fq_t17", "In which year did a second Ottoman siege of Vienna fail?", "1683", [], ["Ottoman_Empire.txt"]),
    ("fq_t18", "In what year did the first coffeehouse in Constantinople open?", "1555", [], ["Coffee.txt"]),
    ("fq_t19", "In which year was the International Coffee Organization founded?", "1963", [], ["Coffee.txt"]),
    (
        "fq_t20",
        "In what year did Rosalind Franklin graduate from Newnham College, Cambridge?",
        "1941",
        [],
        ["Rosalind_Franklin.txt"],
    ),
    (
        "fq_t21",
        "In which year did Rosalind Franklin join King's College London?",
        "1951",
        [],
        ["Rosalind_Franklin.txt"],
    ),
    ("fq_t22", "In what year did the Great Fire destroy a quarter of inner Hamburg?", "1842", [], ["Hamburg.txt"]),
    ("fq_t23", "In which year was Hamburg's Speicherstadt named a World Heritage Site?", "2015", [], ["Hamburg.txt"]),
    (
        "fq_t24",
        "Which Krakatoa island rose from the sea in the caldera in 1927?",
        "Anak Krakatau",
        [],
        ["Krakatoa.txt"],
    ),
    (
        "fq_t25",
        "At least how many people died in the 1883 eruption of Krakatoa?",
        "36,000",
        ["36000"],
        ["Krakatoa.txt"],
    ),
    (
        "fq_t26",
        "In which year did Ferdinand de Lesseps's company begin work on the Panama Canal?",
        "1881",
        [],
        ["Panama_Canal.txt"],
    ),
    (
        "fq_t27",
        "In what year did the United States take over the works on the Panama Canal?",
        "1904",
        [],
        ["Panama_Canal.txt"],
    ),
    (
        "fq_t28",
        "Which chief engineer planned the lock system of the Panama Canal?",
        "John Frank Stevens",
        ["John Stevens"],
        ["Panama_Canal.txt"],
    ),
    (
        "fq_t29",
        "In which year did the third set of larger locks of the Panama Canal open?",
        "2016",
        [],
        ["Panama_Canal.txt"],
    ),
    (
        "fq_t30",
        "Who directed the campaign against mosquitoes in the Panama Canal Zone?",
        "William C. Gorgas",
        ["Gorgas"],
        ["Panama_Canal.txt"],
    ),
    (
        "fq_t31",
        "Which French company's founder had built the Suez Canal before the Panama attempt?",
        "Ferdinand de Lesseps",
        ["de Lesseps"],
        ["Panama_Canal.txt"],
    ),
    (
        "fq_t32",
        "In what year did Watson, Crick and Wilkins receive the Nobel Prize in Physiology or Medicine?",
        "1962",
        [],
        ["Rosalind_Franklin.txt"],
    ),
    ("fq_t33", "In which year did the first coffeehouse in England open?", "1650", [], ["Coffee.txt"]),
    ("fq_t34", "In what year did the French Panama Canal company go bankrupt?", "1889", [], ["Panama_Canal.txt"]),
    (
        "fq_t35",
        "In which year did Jimmy Carter and Omar Torrijos sign the Panama Canal treaties?",
        "1977",
        [],
        ["Panama_Canal.txt"],
    ),
    (
        "fq_t36",
        "In what year did the traveller Ibn Battuta visit the ruins of the Pharos lighthouse?",
        "1349",
        [],
        ["Lighthouse_of_Alexandria.txt"],
    ),
    (
        "fq_t37",
        "About how many ships pass through the Panama Canal in a typical year?",
        "14,000",
        ["14000"],
        ["Panama_Canal.txt"],
    ),
    ("fq_t38", "In which year did Roald Amundsen reach the South Pole?", "1911", [], ["Ernest_Shackleton.txt"]),
    ("fq_t39", "In what year did Rosalind Franklin die?", "1958", [], ["Rosalind_Franklin.txt"]),
    ("fq_t40", "In which year did the Ottoman sultanate come to an end?", "1922", [], ["Ottoman_Empire.txt"]),
    (
        "fq_t41",
        "How many kilometres did the lifeboat James Caird sail to South Georgia?",
        "1,300",
        ["1300"],
        ["Ernest_Shackleton.txt"],
    ),
    (
        "fq_t42",
        "In what year did the building of Hamburg's Speicherstadt warehouse district begin?",
        "1883",
        [],
        ["Hamburg.txt"],
    ),
    (
        "fq_t43",
        "In which year did the Chrysler Building overtake the Eiffel Tower as the tallest structure?",
        "1930",
        [],
        ["Eiffel_Tower.txt"],
    ),
    (
        "fq_t44",
        "In what year was the Eiffel Tower due to be taken down under its permit?",
        "1909",
        [],
        ["Eiffel_Tower.txt"],
    ),
    ("fq_t45", "In which year were the first lifts of the Eiffel Tower replaced?", "1899", [], ["Eiffel_Tower.txt"]),
    ("fq_t46", "In what year was an aerial added to the Eiffel Tower?", "1957", [], ["Eiffel_Tower.txt"]),
]


def squad_document() -> dict:
    data = []
    for index, (title, context, questions) in enumerate(PARAGRAPHS):
        qas = []
        for q_index, (question, answer, occurrence) in enumerate(questions):
            start = -1
            for _ in range(occurrence + 1):
                start = context.index(answer, start + 1)
            qas.append(
                {
                    "id": f"fq{index:03d}{q_index}",
                    "question": question,
                    "answers": [{"text": answer, "answer_start": start}],
                }
            )
        data.append({"title": title, "paragraphs": [{"context": context, "qas": qas}]})
    return {"version": "faithfulness-qa-sample-1", "data": data}


def trivia_document() -> dict:
    records = []
    for qid, question, value, aliases, files in TRIVIA:
        for name in files:
            if value not in EVIDENCE[name] and not any(a in EVIDENCE[name] for a in aliases):
                raise ValueError(f"{qid}: answer not in {name}")
        records.append(
            {
                "Question": question,
                "QuestionId": qid,
                "QuestionSource": "faithfulness-qa sample",
                "Answer": {
                    "Value": value,
                    "Aliases": aliases,
                    "NormalizedValue": value.lower(),
                    "NormalizedAliases": [a.lower() for a in aliases],
                    "Type": "WikipediaEntity",
                },
                "EntityPages": [
                    {"DocSource": "Sample", "Filename": name, "Title": name[:-4].replace("_", " ")} for name in files
                ],
                "SearchResults": [],
            }
        )
    return {"Data": records, "Domain": "Wikipedia", "Split": "train", "Version": 1.0, "VerifiedEval": False}


def main() -> None:
    dump = lambda obj: json.dumps(obj, ensure_ascii=False, indent=1) + "\n"  # noqa: E731
    (HERE / "squad_sample.json").write_text(dump(squad_document()), encoding="utf-8")
    trivia = HERE / "trivia_qa_sample"
    (trivia / "qa").mkdir(parents=True, exist_ok=True)
    (trivia / "evidence" / "wikipedia").mkdir(parents=True, exist_ok=True)
    (trivia / "qa" / "wikipedia-train.json").write_text(dump(trivia_document()), encoding="utf-8")
    for name, text in EVIDENCE.items():
        (trivia / "evidence" / "wikipedia" / name).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
