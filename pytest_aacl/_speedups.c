/* Optional C tests for canonical arguments (see _normalise/_bulk.py).
 *
 * The boundary's generated Python code recognises an already-canonical value with an
 * inline test per field and one bytecode loop per list item (~11 ns an item on CPython
 * 3.11).  A `Spec` is the same test compiled into a tree of C structs: calling it answers
 * whether a value is canonical, `spec.scan(items)` gives the index of the first list item
 * that may not be.  A Spec may answer "no" where the Python test says "yes" (an int beyond
 * 64 bits, say): the caller then runs the exact Python reading, so a Spec changes speed,
 * never results.  It never answers "yes" where the Python test says "no".  Only exact
 * builtin types are inspected, so no Python code runs while a value is walked and the
 * value cannot change under it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>

enum { K_EXACT, K_INT, K_STR, K_NUMBER, K_ENUM, K_NULLABLE, K_ARRAY, K_OBJECT };

typedef struct Spec {
    PyObject_HEAD
    int kind;
    PyObject *ref;      /* K_EXACT: the type; K_ENUM: a frozenset of str */
    int has_lo, has_hi; /* K_INT, K_STR (length), K_ARRAY (item count), K_NUMBER */
    long long lo, hi;
    double dlo, dhi;    /* K_NUMBER */
    int lo_excl, hi_excl;
    struct Spec *inner; /* K_NULLABLE, K_ARRAY */
    PyObject *keys;     /* K_OBJECT: tuple of str */
    PyObject *fields;   /* K_OBJECT: tuple of Spec */
    char *required;     /* K_OBJECT: one flag a field */
} Spec;

static PyTypeObject SpecType;

static void
spec_dealloc(Spec *self)
{
    Py_XDECREF(self->ref);
    Py_XDECREF((PyObject *)self->inner);
    Py_XDECREF(self->keys);
    Py_XDECREF(self->fields);
    PyMem_Free(self->required);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int check(Spec *spec, PyObject *x);

static int
check_number(Spec *s, PyObject *x)
{
    double d;
    if (PyFloat_CheckExact(x)) {
        d = PyFloat_AS_DOUBLE(x);
        if (!isfinite(d)) {
            return 0;
        }
    }
    else if (PyLong_CheckExact(x)) {
        if (!s->has_lo && !s->has_hi) {
            return 1;
        }
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
        const long long exact = 1LL << 53; /* beyond it an int's float is inexact */
        if (overflow || v > exact || v < -exact) {
            return 0;
        }
        d = (double)v;
    }
    else {
        return 0;
    }
    if (s->has_lo && (s->lo_excl ? !(s->dlo < d) : !(s->dlo <= d))) {
        return 0;
    }
    if (s->has_hi && (s->hi_excl ? !(d < s->dhi) : !(d <= s->dhi))) {
        return 0;
    }
    return 1;
}

static int
check_object(Spec *s, PyObject *x)
{
    if (!PyDict_CheckExact(x)) {
        return 0;
    }
    Py_ssize_t pos = 0, found = 0, n = PyTuple_GET_SIZE(s->keys);
    PyObject *key, *value;
    if (PyDict_GET_SIZE(x) > n) {
        return 0; /* a key that is not a property */
    }
    /* every key an exact str first: then no lookup below can call a key's own __eq__ or
     * __hash__ (Python code that could change the dict under the walk) */
    while (PyDict_Next(x, &pos, &key, &value)) {
        if (!PyUnicode_CheckExact(key)) {
            return 0;
        }
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        value = PyDict_GetItemWithError(x, PyTuple_GET_ITEM(s->keys, i));
        if (value == NULL) {
            if (PyErr_Occurred()) {
                return -1;
            }
            if (s->required[i]) {
                return 0;
            }
            continue;
        }
        found++;
        int ok = check((Spec *)PyTuple_GET_ITEM(s->fields, i), value);
        if (ok <= 0) {
            return ok;
        }
    }
    return found == PyDict_GET_SIZE(x);
}

static Py_ssize_t
scan(Spec *item, PyObject *items)
{
    Py_ssize_t n = PyList_GET_SIZE(items), i;
    if (item->kind == K_EXACT) { /* the common list[int] / list[str]: a type test an item */
        for (i = 0; i < n && (PyObject *)Py_TYPE(PyList_GET_ITEM(items, i)) == item->ref; i++) {
        }
        return i;
    }
    for (i = 0; i < n; i++) {
        int ok = check(item, PyList_GET_ITEM(items, i));
        if (ok < 0) {
            return -1;
        }
        if (!ok) {
            break;
        }
    }
    return i;
}

static int
check(Spec *s, PyObject *x)
{
    switch (s->kind) {
    case K_EXACT:
        return (PyObject *)Py_TYPE(x) == s->ref;
    case K_INT: {
        if (!PyLong_CheckExact(x)) {
            return 0;
        }
        if (!s->has_lo && !s->has_hi) {
            return 1;
        }
        int overflow = 0;
        long long v = PyLong_AsLongLongAndOverflow(x, &overflow);
        return !overflow && (!s->has_lo || v >= s->lo) && (!s->has_hi || v <= s->hi);
    }
    case K_STR: {
        if (!PyUnicode_CheckExact(x)) {
            return 0;
        }
        if (!s->has_lo && !s->has_hi) {
            return 1;
        }
        Py_ssize_t len = PyUnicode_GetLength(x);
        if (len < 0) {
            return -1;
        }
        return (!s->has_lo || len >= s->lo) && (!s->has_hi || len <= s->hi);
    }
    case K_NUMBER:
        return check_number(s, x);
    case K_ENUM:
        return PyUnicode_CheckExact(x) ? PySet_Contains(s->ref, x) : 0;
    case K_NULLABLE:
        return x == Py_None ? 1 : check(s->inner, x);
    case K_ARRAY: {
        if (!PyList_CheckExact(x)) {
            return 0;
        }
        Py_ssize_t n = PyList_GET_SIZE(x);
        if ((s->has_lo && n < s->lo) || (s->has_hi && n > s->hi)) {
            return 0;
        }
        Py_ssize_t i = scan(s->inner, x);
        return i < 0 ? -1 : i == n;
    }
    case K_OBJECT:
        return check_object(s, x);
    }
    return 0;
}

/* ---- compiling a description (nested tuples, see _bulk.py) into a Spec ---- */

static Spec *compile_spec(PyObject *desc);

static int
bound_ll(PyObject *value, int *has, long long *out)
{
    *has = value != Py_None;
    if (*has && (*out = PyLong_AsLongLong(value)) == -1 && PyErr_Occurred()) {
        return -1;
    }
    return 0;
}

static int
bound_d(PyObject *value, int *has, double *out)
{
    *has = value != Py_None;
    if (*has && (*out = PyFloat_AsDouble(value)) == -1.0 && PyErr_Occurred()) {
        return -1;
    }
    return 0;
}

static int
want(PyObject *desc, Py_ssize_t n)
{
    if (PyTuple_GET_SIZE(desc) != n) {
        PyErr_Format(PyExc_ValueError, "spec %R: expected %zd parts", desc, n);
        return -1;
    }
    return 0;
}

#define PART(i) PyTuple_GET_ITEM(desc, (i))

static int
fill(Spec *s, PyObject *desc, const char *kind)
{
    if (!strcmp(kind, "bool") || !strcmp(kind, "exact")) {
        s->kind = K_EXACT;
        if (!strcmp(kind, "bool")) {
            s->ref = (PyObject *)&PyBool_Type;
            Py_INCREF(s->ref);
            return want(desc, 1);
        }
        if (want(desc, 2) < 0 || !PyType_Check(PART(1))) {
            return -1;
        }
        s->ref = Py_NewRef(PART(1));
        return 0;
    }
    if (!strcmp(kind, "int") || !strcmp(kind, "str")) {
        s->kind = kind[0] == 'i' ? K_INT : K_STR;
        if (want(desc, 3) < 0 || bound_ll(PART(1), &s->has_lo, &s->lo) < 0 || bound_ll(PART(2), &s->has_hi, &s->hi) < 0) {
            return -1;
        }
        if (!s->has_lo && !s->has_hi) { /* unbounded: a type test */
            s->ref = Py_NewRef((PyObject *)(s->kind == K_INT ? &PyLong_Type : &PyUnicode_Type));
            s->kind = K_EXACT;
        }
        return 0;
    }
    if (!strcmp(kind, "number")) {
        s->kind = K_NUMBER;
        if (want(desc, 5) < 0 || bound_d(PART(1), &s->has_lo, &s->dlo) < 0 || bound_d(PART(3), &s->has_hi, &s->dhi) < 0) {
            return -1;
        }
        s->lo_excl = PyObject_IsTrue(PART(2));
        s->hi_excl = PyObject_IsTrue(PART(4));
        return s->lo_excl < 0 || s->hi_excl < 0 ? -1 : 0;
    }
    if (!strcmp(kind, "enum")) {
        s->kind = K_ENUM;
        if (want(desc, 2) < 0 || !PyFrozenSet_CheckExact(PART(1))) {
            PyErr_SetString(PyExc_ValueError, "an enum spec holds a frozenset of str");
            return -1;
        }
        s->ref = Py_NewRef(PART(1));
        return 0;
    }
    if (!strcmp(kind, "nullable")) {
        s->kind = K_NULLABLE;
        return want(desc, 2) < 0 || (s->inner = compile_spec(PART(1))) == NULL ? -1 : 0;
    }
    if (!strcmp(kind, "array")) {
        s->kind = K_ARRAY;
        if (want(desc, 4) < 0 || bound_ll(PART(2), &s->has_lo, &s->lo) < 0 || bound_ll(PART(3), &s->has_hi, &s->hi) < 0) {
            return -1;
        }
        return (s->inner = compile_spec(PART(1))) == NULL ? -1 : 0;
    }
    if (!strcmp(kind, "object")) {
        s->kind = K_OBJECT;
        if (want(desc, 2) < 0 || !PyTuple_Check(PART(1))) {
            return -1;
        }
        PyObject *fields = PART(1);
        Py_ssize_t n = PyTuple_GET_SIZE(fields);
        s->keys = PyTuple_New(n);
        s->fields = PyTuple_New(n);
        s->required = PyMem_Calloc(n ? n : 1, 1);
        if (s->keys == NULL || s->fields == NULL || s->required == NULL) {
            return -1;
        }
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *field = PyTuple_GET_ITEM(fields, i);
            if (!PyTuple_Check(field) || PyTuple_GET_SIZE(field) != 3 || !PyUnicode_CheckExact(PyTuple_GET_ITEM(field, 0))) {
                PyErr_SetString(PyExc_ValueError, "an object spec holds (name, required, spec) triples");
                return -1;
            }
            PyTuple_SET_ITEM(s->keys, i, Py_NewRef(PyTuple_GET_ITEM(field, 0)));
            int required = PyObject_IsTrue(PyTuple_GET_ITEM(field, 1));
            Spec *sub = compile_spec(PyTuple_GET_ITEM(field, 2));
            if (required < 0 || sub == NULL) {
                return -1;
            }
            s->required[i] = (char)required;
            PyTuple_SET_ITEM(s->fields, i, (PyObject *)sub);
        }
        return 0;
    }
    PyErr_Format(PyExc_ValueError, "unknown spec kind %s", kind);
    return -1;
}

static Spec *
compile_spec(PyObject *desc)
{
    if (!PyTuple_Check(desc) || PyTuple_GET_SIZE(desc) < 1 || !PyUnicode_Check(PART(0))) {
        PyErr_Format(PyExc_ValueError, "a spec is a tuple starting with its kind, got %R", desc);
        return NULL;
    }
    const char *kind = PyUnicode_AsUTF8(PART(0));
    if (kind == NULL) {
        return NULL;
    }
    Spec *s = PyObject_New(Spec, &SpecType);
    if (s == NULL) {
        return NULL;
    }
    s->ref = NULL;
    s->inner = NULL;
    s->keys = NULL;
    s->fields = NULL;
    s->required = NULL;
    s->has_lo = s->has_hi = s->lo_excl = s->hi_excl = 0;
    s->lo = s->hi = 0;
    s->dlo = s->dhi = 0.0;
    if (fill(s, desc, kind) < 0) {
        if (!PyErr_Occurred()) {
            PyErr_Format(PyExc_ValueError, "malformed spec %R", desc);
        }
        Py_DECREF(s);
        return NULL;
    }
    return s;
}

#undef PART

static PyObject *
spec_call(Spec *self, PyObject *args, PyObject *kwargs)
{
    PyObject *value;
    if (!PyArg_ParseTuple(args, "O:Spec", &value)) {
        return NULL;
    }
    int ok = check(self, value);
    if (ok < 0) {
        return NULL;
    }
    return PyBool_FromLong(ok);
}

static PyObject *
spec_scan(Spec *self, PyObject *items)
{
    if (!PyList_CheckExact(items)) {
        PyErr_SetString(PyExc_TypeError, "scan() needs a list");
        return NULL;
    }
    Py_ssize_t i = scan(self, items);
    return i < 0 ? NULL : PyLong_FromSsize_t(i);
}

static PyObject *
spec_check(Spec *self, PyObject *value)
{
    int ok = check(self, value);
    return ok < 0 ? NULL : PyBool_FromLong(ok);
}

static PyMethodDef spec_methods[] = {
    {"check", (PyCFunction)spec_check, METH_O, "Whether the value is canonical (the same as calling the spec; a cheaper call)."},
    {"scan", (PyCFunction)spec_scan, METH_O, "Index of the first item that may not be canonical (len(items) when none)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SpecType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pytest_aacl._speedups.Spec",
    .tp_basicsize = sizeof(Spec),
    .tp_dealloc = (destructor)spec_dealloc,
    .tp_call = (ternaryfunc)spec_call,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A compiled canonical-value test: spec(value) -> bool, spec.scan(items) -> index.",
    .tp_methods = spec_methods,
};

static PyObject *
compile_fn(PyObject *module, PyObject *desc)
{
    return (PyObject *)compile_spec(desc);
}

static PyMethodDef methods[] = {
    {"compile", compile_fn, METH_O, "compile(description) -> Spec (see _normalise/_bulk.py for the descriptions)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_speedups", "C tests for canonical arguments (optional; see _normalise/_bulk.py).", -1, methods,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    if (PyType_Ready(&SpecType) < 0) {
        return NULL;
    }
    return PyModule_Create(&module);
}
