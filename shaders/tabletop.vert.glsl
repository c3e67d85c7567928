// Injected into three's standard material (src/scene/tableMaterial.ts): hands the fragment patterns the
// world position and normal of each point and the geometry's uv (across a road, a hill's crest ratio…).
vTableWorld = (modelMatrix * vec4(transformed, 1.0)).xyz;
vTableNormal = normalize(mat3(modelMatrix) * objectNormal);
vTableUv = uv;
