% sequent FuncTree.remove1:102
% sort int: erased (infinite in every intended model: erasure needs no monotonicity)
% sort obj: erased (infinite in every intended model: erasure needs no monotonicity)
cnf(le_refl_1, axiom, (int_lesseq(X0,X0))).
cnf(le_trans_2, axiom, (~int_lesseq(X0,X1) | ~int_lesseq(X1,X2) | int_lesseq(X0,X2))).
cnf(le_antisym_3, axiom, (~int_lesseq(X0,X1) | ~int_lesseq(X1,X0) | X0 = X1)).
cnf(le_total_4, axiom, (int_lesseq(X0,X1) | int_lesseq(X1,X0))).
cnf(lt_def_5, axiom, (~int_less(X0,X1) | int_lesseq(X0,X1))).
cnf(lt_def_6, axiom, (~int_less(X0,X1) | X0 != X1)).
cnf(lt_def_7, axiom, (~int_lesseq(X0,X1) | X0 = X1 | int_less(X0,X1))).
cnf(lt_succ_8, axiom, (~int_less(X0,X1) | int_lesseq(int_plus(X0,int_1),X1))).
cnf(lt_succ_9, axiom, (~int_lesseq(int_plus(X0,int_1),X1) | int_less(X0,X1))).
cnf(add_comm_10, axiom, (int_plus(X0,X1) = int_plus(X1,X0))).
cnf(add_assoc_11, axiom, (int_plus(int_plus(X0,X1),X2) = int_plus(X0,int_plus(X1,X2)))).
cnf(add_zero_12, axiom, (int_plus(X0,int_0) = X0)).
cnf(add_cancel_13, axiom, (int_plus(X0,X1) != int_plus(X2,X1) | X0 = X2)).
cnf(add_mono_14, axiom, (~int_lesseq(X0,X1) | int_lesseq(int_plus(X0,X2),int_plus(X1,X2)))).
cnf(int_diff_def_15, axiom, (int_plus(int_minus(X0,X1),X1) = X0)).
cnf(int_neg_def_16, axiom, (int_neg(X0) = int_minus(int_0,X0))).
cnf(mult_one_17, axiom, (int_times(X0,int_1) = X0)).
cnf(mult_zero_18, axiom, (int_times(X0,int_0) = int_0)).
cnf(zero_lt_one_19, axiom, (int_less(int_0,int_1))).
cnf(mod_range_20, axiom, (~int_lesseq(int_0,X0) | ~int_less(int_0,X1) | int_lesseq(int_0,int_mod(X0,X1)))).
cnf(mod_range_21, axiom, (~int_lesseq(int_0,X0) | ~int_less(int_0,X1) | int_less(int_mod(X0,X1),X1))).
cnf(lt_irrefl_22, axiom, (~int_less(X0,X0))).
cnf(lt_trans_23, axiom, (~int_less(X0,X1) | ~int_less(X1,X2) | int_less(X0,X2))).
cnf(lt_asym_24, axiom, (~int_less(X0,X1) | ~int_less(X1,X0))).
cnf(not_lt_25, axiom, (int_less(X0,X1) | int_lesseq(X1,X0))).
cnf(not_lt_26, axiom, (~int_lesseq(X0,X1) | ~int_less(X1,X0))).
cnf(not_le_27, axiom, (int_lesseq(X0,X1) | int_less(X1,X0))).
cnf(not_le_28, axiom, (~int_less(X0,X1) | ~int_lesseq(X1,X0))).
cnf(le_lt_trans_29, axiom, (~int_lesseq(X0,X1) | ~int_less(X1,X2) | int_less(X0,X2))).
cnf(lt_le_trans_30, axiom, (~int_less(X0,X1) | ~int_lesseq(X1,X2) | int_less(X0,X2))).
cnf(lt_ne_31, axiom, (~int_less(X0,X1) | X0 != X1)).
cnf(heap_1_32, axiom, (c_Pair(null))).
cnf(heap_2_33, axiom, (~c_Pair(X0) | ~c_FuncTree(X0) | X0 = null)).
cnf(heap_3_34, axiom, (c_FuncTree(null))).
cnf(heap_4_35, axiom, (c_Object_alloc(null))).
cnf(typing_5_36, axiom, (int_lesseq(int_0,c_Array_length(X0)))).
cnf(typing_6_37, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_Pair_data(X0)))).
cnf(typing_7_38, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_data(X0)))).
cnf(typing_8_39, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_left(X0)))).
cnf(typing_9_40, axiom, (c_FuncTree(c_FuncTree_left(X0)))).
cnf(typing_10_41, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_right(X0)))).
cnf(typing_11_42, axiom, (c_FuncTree(c_FuncTree_right(X0)))).
cnf(inv_12_43, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_12_44, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_12_45, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_12_46, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_12_47, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_13_48, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(inv_14_49, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(inv_15_50, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(inv_16_51, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(typing_17_52, axiom, (c_Object_alloc(c_FuncTree_remove1_t))).
cnf(typing_18_53, axiom, (c_FuncTree(c_FuncTree_remove1_t))).
cnf(branch_21_54, axiom, (c_FuncTree_remove1_t != null)).
cnf(assume_22_55, axiom, (c_FuncTree_remove1_t != null)).
cnf(branch_23_56, axiom, (c_FuncTree_remove1_k = c_FuncTree_key(c_FuncTree_remove1_t))).
cnf(assume_24_57, axiom, (c_FuncTree_remove1_t != null)).
cnf(branch_127_58, axiom, (c_FuncTree_right(c_FuncTree_remove1_t) != null)).
cnf(assume_128_59, axiom, (c_FuncTree_remove1_t != null)).
cnf(branch_132_60, axiom, (c_FuncTree_left(c_FuncTree_remove1_t) != null)).
cnf(assume_133_61, axiom, (c_FuncTree_remove1_t != null)).
cnf(branch_137_62, axiom, (c_FuncTree_right(c_FuncTree_remove1_t) != null)).
cnf(assume_138_63, axiom, (c_FuncTree_remove1_t != null)).
cnf(call_139_64, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_139_65, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_139_66, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(call_139_67, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_139_68, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_140_69, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(call_141_70, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(call_142_71, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(call_143_72, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(call_144_73, axiom, (c_FuncTree_content(c_FuncTree_left(c_FuncTree_remove1_t),sk1,sk0))).
cnf(call_145_74, axiom, (~c_Object_alloc(X0) | c_Object_alloc_24(X0))).
cnf(call_146_75, axiom, (~c_Object_alloc(X0) | c_Pair_key_7(X0) = c_Pair_key(X0))).
cnf(call_147_76, axiom, (~c_Object_alloc(X0) | c_Pair_data_7(X0) = c_Pair_data(X0))).
cnf(inv_148_77, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_148_78, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_148_79, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_148_80, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_148_81, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_149_82, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(inv_150_83, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(inv_151_84, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(inv_152_85, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(call_153_86, axiom, (m_2 != null)).
cnf(call_154_87, axiom, (c_Pair_data_7(m_2) != null)).
cnf(call_155_88, axiom, (c_FuncTree_content(c_FuncTree_left(c_FuncTree_remove1_t),c_Pair_key_7(m_2),c_Pair_data_7(m_2)))).
cnf(call_156_89, axiom, (X0 = c_Pair_key_7(m_2) | ~c_FuncTree_content(c_FuncTree_left(c_FuncTree_remove1_t),X0,X1) | int_less(X0,c_Pair_key_7(m_2)))).
cnf(typing_157_90, axiom, (c_Object_alloc_24(m_2))).
cnf(typing_158_91, axiom, (c_Pair(m_2))).
cnf(heap_159_92, axiom, (c_Object_alloc_24(null))).
cnf(typing_160_93, axiom, (~c_Object_alloc_24(X0) | c_Object_alloc_24(c_Pair_data_7(X0)))).
cnf(typing_161_94, axiom, (~c_Object_alloc_24(X0) | c_Object_alloc_24(c_FuncTree_data(X0)))).
cnf(typing_162_95, axiom, (~c_Object_alloc_24(X0) | c_Object_alloc_24(c_FuncTree_left(X0)))).
cnf(typing_163_96, axiom, (~c_Object_alloc_24(X0) | c_Object_alloc_24(c_FuncTree_right(X0)))).
cnf(assume_164_97, axiom, (c_FuncTree_remove1_t != null)).
cnf(assume_165_98, axiom, (m_2 != null)).
cnf(assume_166_99, axiom, (m_2 != null)).
cnf(call_167_100, axiom, (c_FuncTree_content(c_FuncTree_left(c_FuncTree_remove1_t),c_Pair_key_7(m_2),c_Pair_data_7(m_2)))).
cnf(call_168_101, axiom, (X0 = c_Pair_key_7(m_2) | ~c_FuncTree_content(c_FuncTree_left(c_FuncTree_remove1_t),X0,X1) | int_less(X0,c_Pair_key_7(m_2)))).
cnf(call_169_102, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_169_103, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_169_104, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(call_169_105, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_169_106, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_170_107, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(call_171_108, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(call_172_109, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(call_173_110, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(call_174_111, axiom, (~c_Object_alloc_24(X0) | c_Object_alloc_25(X0))).
cnf(call_175_112, axiom, (~c_Object_alloc_24(X0) | c_FuncTree_key_29(X0) = c_FuncTree_key(X0))).
cnf(call_176_113, axiom, (~c_Object_alloc_24(X0) | c_FuncTree_data_29(X0) = c_FuncTree_data(X0))).
cnf(call_177_114, axiom, (~c_Object_alloc_24(X0) | c_FuncTree_left_29(X0) = c_FuncTree_left(X0))).
cnf(call_178_115, axiom, (~c_Object_alloc_24(X0) | c_FuncTree_right_29(X0) = c_FuncTree_right(X0))).
cnf(call_179_116, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree_content_29(X0,X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_179_117, axiom, (~c_Object_alloc_24(X0) | ~c_FuncTree_content(X0,X1,X2) | c_FuncTree_content_29(X0,X1,X2))).
cnf(call_180_118, axiom, (new_left_8 != c_FuncTree_left(c_FuncTree_remove1_t))).
cnf(call_181_119, axiom, (~c_FuncTree_content_29(new_left_8,X0,X1) | c_FuncTree_content_29(c_FuncTree_left(c_FuncTree_remove1_t),X0,X1))).
cnf(call_181_120, axiom, (~c_FuncTree_content_29(new_left_8,X0,X1) | X0 != c_Pair_key_7(m_2) | X1 != c_Pair_data_7(m_2))).
cnf(call_181_121, axiom, (~c_FuncTree_content_29(c_FuncTree_left(c_FuncTree_remove1_t),X0,X1) | X0 = c_Pair_key_7(m_2) | c_FuncTree_content_29(new_left_8,X0,X1))).
cnf(call_181_122, axiom, (~c_FuncTree_content_29(c_FuncTree_left(c_FuncTree_remove1_t),X0,X1) | X1 = c_Pair_data_7(m_2) | c_FuncTree_content_29(new_left_8,X0,X1))).
cnf(call_182_123, axiom, (~c_FuncTree_content_29(new_left_8,X0,X1) | int_less(X0,c_Pair_key_7(m_2)))).
cnf(inv_183_124, axiom, (~c_Object_alloc_25(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_29(X0,X1,X2) | X1 = c_FuncTree_key_29(X0) | c_FuncTree_content_29(c_FuncTree_left_29(X0),X1,X2) | c_FuncTree_content_29(c_FuncTree_right_29(X0),X1,X2))).
cnf(inv_183_125, axiom, (~c_Object_alloc_25(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_29(X0,X1,X2) | X2 = c_FuncTree_data_29(X0) | c_FuncTree_content_29(c_FuncTree_left_29(X0),X1,X2) | c_FuncTree_content_29(c_FuncTree_right_29(X0),X1,X2))).
cnf(inv_183_126, axiom, (~c_Object_alloc_25(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key_29(X0) | X2 != c_FuncTree_data_29(X0) | c_FuncTree_content_29(X0,X1,X2))).
cnf(inv_183_127, axiom, (~c_Object_alloc_25(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_29(c_FuncTree_left_29(X0),X1,X2) | c_FuncTree_content_29(X0,X1,X2))).
cnf(inv_183_128, axiom, (~c_Object_alloc_25(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_29(c_FuncTree_right_29(X0),X1,X2) | c_FuncTree_content_29(X0,X1,X2))).
cnf(inv_184_129, axiom, (~c_Object_alloc_25(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content_29(X0,X1,X2))).
cnf(inv_185_130, axiom, (~c_Object_alloc_25(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data_29(X0) != null)).
cnf(inv_186_131, axiom, (~c_Object_alloc_25(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content_29(c_FuncTree_left_29(X0),X1,X2) | int_less(X1,c_FuncTree_key_29(X0)))).
cnf(inv_187_132, axiom, (~c_Object_alloc_25(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content_29(c_FuncTree_right_29(X0),X1,X2) | int_less(c_FuncTree_key_29(X0),X1))).
cnf(typing_188_133, axiom, (c_Object_alloc_25(new_left_8))).
cnf(typing_189_134, axiom, (c_FuncTree(new_left_8))).
cnf(heap_190_135, axiom, (c_Object_alloc_25(null))).
cnf(typing_191_136, axiom, (~c_Object_alloc_25(X0) | c_Object_alloc_25(c_Pair_data_7(X0)))).
cnf(typing_192_137, axiom, (~c_Object_alloc_25(X0) | c_Object_alloc_25(c_FuncTree_data_29(X0)))).
cnf(typing_193_138, axiom, (~c_Object_alloc_25(X0) | c_Object_alloc_25(c_FuncTree_left_29(X0)))).
cnf(typing_194_139, axiom, (c_FuncTree(c_FuncTree_left_29(X0)))).
cnf(typing_195_140, axiom, (~c_Object_alloc_25(X0) | c_Object_alloc_25(c_FuncTree_right_29(X0)))).
cnf(typing_196_141, axiom, (c_FuncTree(c_FuncTree_right_29(X0)))).
cnf(typing_197_142, axiom, (r_11 != null)).
cnf(typing_197_143, axiom, (~c_Object_alloc_25(r_11))).
cnf(typing_197_144, axiom, (c_FuncTree(r_11))).
cnf(typing_197_145, axiom, (~c_Pair(r_11))).
cnf(stmt_198_146, axiom, (~c_Object_alloc_26(X0) | X0 = r_11 | c_Object_alloc_25(X0))).
cnf(stmt_198_147, axiom, (X0 != r_11 | c_Object_alloc_26(X0))).
cnf(stmt_198_148, axiom, (~c_Object_alloc_25(X0) | c_Object_alloc_26(X0))).
cnf(stmt_199_149, axiom, (X0 != r_11 | c_FuncTree_key_30(X0) = int_0)).
cnf(stmt_199_150, axiom, (X0 = r_11 | c_FuncTree_key_30(X0) = c_FuncTree_key_29(X0))).
cnf(stmt_200_151, axiom, (X0 != r_11 | c_FuncTree_data_30(X0) = null)).
cnf(stmt_200_152, axiom, (X0 = r_11 | c_FuncTree_data_30(X0) = c_FuncTree_data_29(X0))).
cnf(stmt_201_153, axiom, (X0 != r_11 | c_FuncTree_left_30(X0) = null)).
cnf(stmt_201_154, axiom, (X0 = r_11 | c_FuncTree_left_30(X0) = c_FuncTree_left_29(X0))).
cnf(stmt_202_155, axiom, (X0 != r_11 | c_FuncTree_right_30(X0) = null)).
cnf(stmt_202_156, axiom, (X0 = r_11 | c_FuncTree_right_30(X0) = c_FuncTree_right_29(X0))).
cnf(stmt_203_157, axiom, (~c_FuncTree_content_30(X0,X1,X2) | X0 != r_11)).
cnf(stmt_203_158, axiom, (~c_FuncTree_content_30(X0,X1,X2) | X0 = r_11 | c_FuncTree_content_29(X0,X1,X2))).
cnf(stmt_203_159, axiom, (X0 = r_11 | ~c_FuncTree_content_29(X0,X1,X2) | c_FuncTree_content_30(X0,X1,X2))).
cnf(heap_204_160, axiom, (c_Object_alloc_26(null))).
cnf(typing_205_161, axiom, (~c_Object_alloc_26(X0) | c_Object_alloc_26(c_Pair_data_7(X0)))).
cnf(typing_206_162, axiom, (~c_Object_alloc_26(X0) | c_Object_alloc_26(c_FuncTree_data_30(X0)))).
cnf(typing_207_163, axiom, (~c_Object_alloc_26(X0) | c_Object_alloc_26(c_FuncTree_left_30(X0)))).
cnf(typing_208_164, axiom, (c_FuncTree(c_FuncTree_left_30(X0)))).
cnf(typing_209_165, axiom, (~c_Object_alloc_26(X0) | c_Object_alloc_26(c_FuncTree_right_30(X0)))).
cnf(typing_210_166, axiom, (c_FuncTree(c_FuncTree_right_30(X0)))).
cnf(assume_211_167, axiom, (m_2 != null)).
cnf(stmt_212_168, axiom, (X0 != r_11 | c_FuncTree_key_31(X0) = c_Pair_key_7(m_2))).
cnf(stmt_212_169, axiom, (X0 = r_11 | c_FuncTree_key_31(X0) = c_FuncTree_key_30(X0))).
cnf(assume_213_170, axiom, (m_2 != null)).
cnf(stmt_214_171, axiom, (X0 != r_11 | c_FuncTree_data_31(X0) = c_Pair_data_7(m_2))).
cnf(stmt_214_172, axiom, (X0 = r_11 | c_FuncTree_data_31(X0) = c_FuncTree_data_30(X0))).
cnf(typing_215_173, axiom, (~c_Object_alloc_26(X0) | c_Object_alloc_26(c_FuncTree_data_31(X0)))).
cnf(stmt_216_174, axiom, (X0 != r_11 | c_FuncTree_left_31(X0) = new_left_8)).
cnf(stmt_216_175, axiom, (X0 = r_11 | c_FuncTree_left_31(X0) = c_FuncTree_left_30(X0))).
cnf(typing_217_176, axiom, (~c_Object_alloc_26(X0) | c_Object_alloc_26(c_FuncTree_left_31(X0)))).
cnf(typing_218_177, axiom, (c_FuncTree(c_FuncTree_left_31(X0)))).
cnf(assume_219_178, axiom, (c_FuncTree_remove1_t != null)).
cnf(stmt_220_179, axiom, (X0 != r_11 | c_FuncTree_right_31(X0) = c_FuncTree_right_30(c_FuncTree_remove1_t))).
cnf(stmt_220_180, axiom, (X0 = r_11 | c_FuncTree_right_31(X0) = c_FuncTree_right_30(X0))).
cnf(typing_221_181, axiom, (~c_Object_alloc_26(X0) | c_Object_alloc_26(c_FuncTree_right_31(X0)))).
cnf(typing_222_182, axiom, (c_FuncTree(c_FuncTree_right_31(X0)))).
cnf(stmt_223_183, axiom, (~c_FuncTree_content_31(X0,X1,X2) | X0 != r_11 | c_FuncTree_content_30(c_FuncTree_remove1_t,X1,X2))).
cnf(stmt_223_184, axiom, (~c_FuncTree_content_31(X0,X1,X2) | X0 != r_11 | X1 != c_FuncTree_remove1_k)).
cnf(stmt_223_185, axiom, (~c_FuncTree_content_31(X0,X1,X2) | X0 = r_11 | c_FuncTree_content_30(X0,X1,X2))).
cnf(stmt_223_186, axiom, (X0 = r_11 | ~c_FuncTree_content_30(X0,X1,X2) | c_FuncTree_content_31(X0,X1,X2))).
cnf(stmt_223_187, axiom, (~c_FuncTree_content_30(c_FuncTree_remove1_t,X0,X1) | X0 = c_FuncTree_remove1_k | X2 != r_11 | c_FuncTree_content_31(X2,X0,X1))).
cnf(stmt_223_188, axiom, (~c_FuncTree_content_30(c_FuncTree_remove1_t,X0,X1) | X0 = c_FuncTree_remove1_k | ~c_FuncTree_content_30(X2,X0,X1) | c_FuncTree_content_31(X2,X0,X1))).
cnf(stmt_224_189, axiom, (result_37 = r_11)).
cnf(int_literal_order_190, axiom, (int_less(int_0,int_1))).
cnf('FuncTree.remove1:102_191', negated_conjecture, (c_Object_alloc_26(sk2))).
cnf('FuncTree.remove1:102_192', negated_conjecture, (c_FuncTree(sk2))).
cnf('FuncTree.remove1:102_193', negated_conjecture, (sk2 != null)).
cnf('FuncTree.remove1:102_194', negated_conjecture, (c_FuncTree_content_31(sk2,sk4,sk3) | sk6 = c_FuncTree_key_31(sk2) | c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk6,sk5) | c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk6,sk5))).
cnf('FuncTree.remove1:102_195', negated_conjecture, (c_FuncTree_content_31(sk2,sk4,sk3) | sk5 = c_FuncTree_data_31(sk2) | c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk6,sk5) | c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk6,sk5))).
cnf('FuncTree.remove1:102_196', negated_conjecture, (c_FuncTree_content_31(sk2,sk4,sk3) | ~c_FuncTree_content_31(sk2,sk6,sk5))).
cnf('FuncTree.remove1:102_197', negated_conjecture, (sk4 != c_FuncTree_key_31(sk2) | sk3 != c_FuncTree_data_31(sk2) | sk6 = c_FuncTree_key_31(sk2) | c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk6,sk5) | c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk6,sk5))).
cnf('FuncTree.remove1:102_198', negated_conjecture, (sk4 != c_FuncTree_key_31(sk2) | sk3 != c_FuncTree_data_31(sk2) | sk5 = c_FuncTree_data_31(sk2) | c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk6,sk5) | c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk6,sk5))).
cnf('FuncTree.remove1:102_199', negated_conjecture, (sk4 != c_FuncTree_key_31(sk2) | sk3 != c_FuncTree_data_31(sk2) | ~c_FuncTree_content_31(sk2,sk6,sk5))).
cnf('FuncTree.remove1:102_200', negated_conjecture, (~c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk4,sk3) | sk6 = c_FuncTree_key_31(sk2) | c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk6,sk5) | c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk6,sk5))).
cnf('FuncTree.remove1:102_201', negated_conjecture, (~c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk4,sk3) | sk5 = c_FuncTree_data_31(sk2) | c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk6,sk5) | c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk6,sk5))).
cnf('FuncTree.remove1:102_202', negated_conjecture, (~c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk4,sk3) | ~c_FuncTree_content_31(sk2,sk6,sk5))).
cnf('FuncTree.remove1:102_203', negated_conjecture, (~c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk4,sk3) | sk6 = c_FuncTree_key_31(sk2) | c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk6,sk5) | c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk6,sk5))).
cnf('FuncTree.remove1:102_204', negated_conjecture, (~c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk4,sk3) | sk5 = c_FuncTree_data_31(sk2) | c_FuncTree_content_31(c_FuncTree_left_31(sk2),sk6,sk5) | c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk6,sk5))).
cnf('FuncTree.remove1:102_205', negated_conjecture, (~c_FuncTree_content_31(c_FuncTree_right_31(sk2),sk4,sk3) | ~c_FuncTree_content_31(sk2,sk6,sk5))).
