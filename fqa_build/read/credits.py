"""The credits of the source datasets (names, licences, BibTeX; each source format names its own in
fqa_build/read/formats.py), the sample's own, and the licence a release of them can be offered under. The card cites
only the sources whose rows the release holds (a SQuAD-only build cites no TriviaQA), plus the method this
project follows (Longpre et al., 2021), always."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Credit:
    """One source dataset as the card credits it."""

    name: str  # as the card names it
    authors: str  # short form: "Rajpurkar et al., 2016"
    licence: str  # of the source's questions and passages, as the card says it
    share_alike: bool  # rows may be redistributed under CC BY-SA 4.0
    bibtex: str


_SQUAD_BIB = """@inproceedings{rajpurkar-etal-2016-squad,
  title = "{SQ}u{AD}: 100,000+ Questions for Machine Comprehension of Text",
  author = "Rajpurkar, Pranav and Zhang, Jian and Lopyrev, Konstantin and Liang, Percy",
  booktitle = "Proceedings of the 2016 Conference on Empirical Methods in Natural Language Processing",
  year = "2016",
  publisher = "Association for Computational Linguistics",
  url = "https://aclanthology.org/D16-1264",
  doi = "10.18653/v1/D16-1264",
  pages = "2383--2392"
}"""
_TRIVIA_BIB = """@inproceedings{joshi-etal-2017-triviaqa,
  title = "{T}rivia{QA}: A Large Scale Distantly Supervised Challenge Dataset for Reading Comprehension",
  author = "Joshi, Mandar and Choi, Eunsol and Weld, Daniel and Zettlemoyer, Luke",
  booktitle = "Proceedings of the 55th Annual Meeting of the Association for Computational Linguistics",
  year = "2017",
  publisher = "Association for Computational Linguistics",
  url = "https://aclanthology.org/P17-1147",
  doi = "10.18653/v1/P17-1147",
  pages = "1601--1611"
}"""
_NQ_BIB = """@article{kwiatkowski-etal-2019-natural,
  title = "Natural Questions: A Benchmark for Question Answering Research",
  author = "Kwiatkowski, Tom and Palomaki, Jennimaria and Redfield, Olivia and Collins, Michael and Parikh, Ankur and
    Alberti, Chris and Epstein, Danielle and Polosukhin, Illia and Devlin, Jacob and Lee, Kenton and Toutanova,
    Kristina and Jones, Llion and Kelcey, Matthew and Chang, Ming-Wei and Dai, Andrew M. and Uszkoreit, Jakob and
    Le, Quoc and Petrov, Slav",
  journal = "Transactions of the Association for Computational Linguistics",
  volume = "7",
  year = "2019",
  url = "https://aclanthology.org/Q19-1026",
  doi = "10.1162/tacl_a_00276",
  pages = "452--466"
}"""
_MRQA_BIB = """@inproceedings{fisch-etal-2019-mrqa,
  title = "{MRQA} 2019 Shared Task: Evaluating Generalization in Reading Comprehension",
  author = "Fisch, Adam and Talmor, Alon and Jia, Robin and Seo, Minjoon and Choi, Eunsol and Chen, Danqi",
  booktitle = "Proceedings of the 2nd Workshop on Machine Reading for Question Answering",
  year = "2019",
  publisher = "Association for Computational Linguistics",
  url = "https://aclanthology.org/D19-5801",
  doi = "10.18653/v1/D19-5801",
  pages = "1--13"
}"""
_NEWSQA_BIB = """@inproceedings{trischler-etal-2017-newsqa,
  title = "{N}ews{QA}: A Machine Comprehension Dataset",
  author = "Trischler, Adam and Wang, Tong and Yuan, Xingdi and Harris, Justin and Sordoni, Alessandro and
    Bachman, Philip and Suleman, Kaheer",
  booktitle = "Proceedings of the 2nd Workshop on Representation Learning for {NLP}",
  year = "2017",
  publisher = "Association for Computational Linguistics",
  url = "https://aclanthology.org/W17-2623",
  doi = "10.18653/v1/W17-2623",
  pages = "191--200"
}"""
_HOTPOT_BIB = """@inproceedings{yang-etal-2018-hotpotqa,
  title = "{H}otpot{QA}: A Dataset for Diverse, Explainable Multi-hop Question Answering",
  author = "Yang, Zhilin and Qi, Peng and Zhang, Saizheng and Bengio, Yoshua and Cohen, William and
    Salakhutdinov, Ruslan and Manning, Christopher D.",
  booktitle = "Proceedings of the 2018 Conference on Empirical Methods in Natural Language Processing",
  year = "2018",
  publisher = "Association for Computational Linguistics",
  url = "https://aclanthology.org/D18-1259",
  doi = "10.18653/v1/D18-1259",
  pages = "2369--2380"
}"""
_SEARCHQA_BIB = """@article{dunn-etal-2017-searchqa,
  title = "{S}earch{QA}: A New {Q}{\\&}{A} Dataset Augmented with Context from a Search Engine",
  author = "Dunn, Matthew and Sagun, Levent and Higgins, Mike and Guney, V. Ugur and Cirik, Volkan and Cho, Kyunghyun",
  journal = "arXiv preprint arXiv:1704.05179",
  year = "2017",
  url = "https://arxiv.org/abs/1704.05179"
}"""
#: the method this project follows and the memorization ratio its evaluator reports: cited by every release
METHOD_BIB = """@inproceedings{longpre-etal-2021-entity,
  title = "Entity-Based Knowledge Conflicts in Question Answering",
  author = "Longpre, Shayne and Perisetla, Kartik and Chen, Anthony and Ramesh, Nikhil and DuBois, Chris and
    Singh, Sameer",
  booktitle = "Proceedings of the 2021 Conference on Empirical Methods in Natural Language Processing",
  year = "2021",
  publisher = "Association for Computational Linguistics",
  url = "https://aclanthology.org/2021.emnlp-main.565",
  doi = "10.18653/v1/2021.emnlp-main.565",
  pages = "7052--7063"
}"""

_WIKI = "passages from Wikipedia (CC BY-SA)"
#: row `source` -> its credits (an MRQA subset credits its own dataset and MRQA)
CREDITS: dict[str, tuple[Credit, ...]] = {
    "squad": (Credit("SQuAD v1.1", "Rajpurkar et al., 2016", f"CC BY-SA 4.0; {_WIKI}", True, _SQUAD_BIB),),
    "trivia_qa": (
        Credit(
            "TriviaQA (rc, Wikipedia evidence)",
            "Joshi et al., 2017",
            f"questions Apache 2.0; evidence {_WIKI}",
            True,
            _TRIVIA_BIB,
        ),
    ),
    "nq": (
        Credit(
            "Natural Questions",
            "Kwiatkowski et al., 2019",
            f"CC BY-SA 3.0 (adaptable under CC BY-SA 4.0); gold {_WIKI}",
            True,
            _NQ_BIB,
        ),
    ),
}
MRQA_CREDIT = Credit(
    "MRQA 2019 shared task", "Fisch et al., 2019", "each subset keeps its own licence", True, _MRQA_BIB
)
#: an MRQA subset's row source -> the credit of its own dataset
MRQA_SUBSET_CREDITS = {
    "mrqa_squad": CREDITS["squad"][0],
    "mrqa_naturalquestions": CREDITS["nq"][0],
    "mrqa_naturalquestionsshort": CREDITS["nq"][0],
    "mrqa_hotpotqa": Credit("HotpotQA", "Yang et al., 2018", f"CC BY-SA 4.0; {_WIKI}", True, _HOTPOT_BIB),
    "mrqa_triviaqa_web": Credit(
        "TriviaQA (web evidence)",
        "Joshi et al., 2017",
        "questions Apache 2.0; evidence web pages under their owners' copyright",
        False,
        _TRIVIA_BIB,
    ),
    "mrqa_newsqa": Credit(
        "NewsQA",
        "Trischler et al., 2017",
        "CNN articles under Microsoft's NewsQA terms (research use only)",
        False,
        _NEWSQA_BIB,
    ),
    "mrqa_searchqa": Credit(
        "SearchQA",
        "Dunn et al., 2017",
        "Jeopardy! questions and Google search snippets; no licence to redistribute is stated",
        False,
        _SEARCHQA_BIB,
    ),
}


#: the files of the sample the project ships (`data/`): written for the project, in the SQuAD and TriviaQA layouts
SAMPLE_INPUTS = frozenset({"squad_sample.json", "trivia_qa_sample"})
SAMPLE_CREDIT = Credit(
    "the Faithfulness-QA sample (`data/`)",
    "written for this project, in the SQuAD and TriviaQA layouts; nothing copied from either or from Wikipedia",
    "CC BY-SA 4.0",
    True,
    "",
)


def is_sample_build(inputs: list[dict]) -> bool:
    """True when every input of a build (its manifest's `inputs`) is a file of the bundled sample."""
    return bool(inputs) and all(entry.get("name") in SAMPLE_INPUTS for entry in inputs)


def release_licence(credits: list[Credit]) -> str:
    """The Hub licence id of a release of these credits: `cc-by-sa-4.0` where every source allows it, else
    `other` (the card then names the sources whose rows keep their own terms)."""
    return "cc-by-sa-4.0" if all(credit.share_alike for credit in credits) else "other"


def listed(names: list[str]) -> str:
    """The names as a list in words: "A", "A and B", "A, B and C" ("no source" for none)."""
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1] if names else "no source"


def describe(names: list[str]) -> str:
    """The card's description of a release of the sources `names` (as `source_name` gives them, or the
    sample's own name)."""
    return (
        f"Faithfulness-QA: extractive QA questions ({listed(names)}) whose answer was swapped in the context for "
        "another of the same type and shape (a name, date or number the sources use, or one composed or made for "
        "the row), so the gold answer contradicts what a model memorised. Trains retrieval-augmented models to "
        "trust their context over their memory."
    )
